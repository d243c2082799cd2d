import { isValidBIC } from "ibantools";
import { describe, expect, it } from "vitest";
import { bankSelectionProcessor, ISSUERS } from "@/lib/processors/bank-selection";
import { apiError, detailsErrors, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/return";

describe("bank_selection", () => {
  it("lists distinct issuers with BIC-shaped ids", () => {
    expect(ISSUERS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(ISSUERS.map((i) => i.id)).size).toBe(ISSUERS.length);
    for (const issuer of ISSUERS) {
      expect(isValidBIC(issuer.id)).toBe(true);
      expect(issuer.country_code).toMatch(/^[A-Z]{2}$/);
      expect(issuer.name.length).toBeGreaterThan(0);
    }
  });

  it("accepts a known issuer or none, and refuses an unknown one", () => {
    expect(detailsErrors(bankSelectionProcessor, { redirect_url, issuer: ISSUERS[1].id })).toBeNull();
    expect(detailsErrors(bankSelectionProcessor, { redirect_url })).toBeNull();
    for (const issuer of ["NOPE", "sbxbnl2a", ""]) {
      expect(detailsErrors(bankSelectionProcessor, { redirect_url, issuer })).toEqual({
        "details.issuer": "Unknown issuer; see GET /v1/issuers?payment_product=bank_selection",
      });
    }
  });

  it("waits for the bank picker", async () => {
    expect(await startWith(bankSelectionProcessor, { redirect_url })).toMatchObject({
      status: "INITIATED",
      needsApproval: true,
    });
    expect(bankSelectionProcessor.approvalPage).toBe("bank_selection");
  });

  it("approve stores the picked issuer, or the preselected one", async () => {
    let result = await outcomeWith(bankSelectionProcessor, { outcome: "approve", form: { issuer: ISSUERS[2].id } });
    expect(result).toMatchObject({ status: "SETTLEMENT_REQUESTED", details: { issuer: ISSUERS[2].id } });
    result = await outcomeWith(bankSelectionProcessor, { outcome: "approve", details: { issuer: ISSUERS[3].id } });
    expect(result.details).toEqual({ issuer: ISSUERS[3].id });
  });

  it("approve requires a known issuer", async () => {
    expect(invalidOf(await apiError(() => outcomeWith(bankSelectionProcessor, { outcome: "approve" })))).toEqual({
      issuer: "Choose your bank",
    });
    const unknown = await apiError(() =>
      outcomeWith(bankSelectionProcessor, { outcome: "approve", form: { issuer: "NOPE" } }),
    );
    expect(invalidOf(unknown)).toEqual({ issuer: "Unknown issuer" });
  });

  it.each([
    ["decline", "DECLINED"],
    ["cancel", "CANCELLED"],
  ] as const)("%s gives %s", async (outcome, status) => {
    expect((await outcomeWith(bankSelectionProcessor, { outcome })).status).toBe(status);
  });

  it("fail, which the page does not offer, is refused", async () => {
    expect(invalidOf(await apiError(() => outcomeWith(bankSelectionProcessor, { outcome: "fail" })))).toEqual({
      outcome: "Unknown outcome",
    });
  });
});
