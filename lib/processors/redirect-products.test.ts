import { describe, expect, it } from "vitest";
import { bankInitiatedProcessor } from "@/lib/processors/bank-initiated";
import { bnplProcessor } from "@/lib/processors/bnpl";
import { debitCardRedirectProcessor } from "@/lib/processors/debit-card-redirect";
import { financeProviderProcessor } from "@/lib/processors/finance-provider";
import { instalmentCreditProcessor } from "@/lib/processors/instalment-credit";
import { detailsErrors, outcomeWith, startWith } from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/r";

describe.each([
  { processor: debitCardRedirectProcessor, extra: {} },
  { processor: instalmentCreditProcessor, extra: {} },
  { processor: financeProviderProcessor, extra: { provider_id: "provider-7" } },
  { processor: bankInitiatedProcessor, extra: { bank: "sandbox-bank" } },
])("redirect product $processor.product", ({ processor, extra }) => {
  it("waits on the approve/decline page", async () => {
    expect(await startWith(processor, { redirect_url, ...extra })).toMatchObject({
      status: "INITIATED",
      needsApproval: true,
      details: { redirect_url, ...extra },
    });
    expect(processor.approvalPage).toBe("approve_decline");
  });

  it.each([
    ["approve", "SETTLEMENT_REQUESTED"],
    ["decline", "DECLINED"],
    ["cancel", "CANCELLED"],
    ["fail", "FAILED"],
  ] as const)("%s gives %s", async (outcome, status) => {
    expect((await outcomeWith(processor, { outcome })).status).toBe(status);
  });
});

describe.each([
  { processor: financeProviderProcessor, field: "provider_id" },
  { processor: bankInitiatedProcessor, field: "bank" },
])("$processor.product requires $field", ({ processor, field }) => {
  it("as a string of 1-64 characters", () => {
    expect(detailsErrors(processor, { redirect_url })).toEqual({ [`details.${field}`]: "Required" });
    expect(detailsErrors(processor, { redirect_url, [field]: "" })).toEqual({ [`details.${field}`]: "Required" });
    expect(detailsErrors(processor, { redirect_url, [field]: "x".repeat(64) })).toBeNull();
    expect(detailsErrors(processor, { redirect_url, [field]: "x".repeat(65) })).toEqual({
      [`details.${field}`]: "At most 64 characters",
    });
  });
});

describe("bnpl", () => {
  it("takes only capture_now and the common fields", () => {
    expect(detailsErrors(bnplProcessor, { capture_now: false, checkout_id: "c" })).toBeNull();
    expect(detailsErrors(bnplProcessor, { redirect_url })).toEqual({ "details.redirect_url": "Unknown field" });
  });

  it.each([
    [1000, true, "SETTLEMENT_REQUESTED"],
    [1000, false, "AUTHORIZED"],
    [1051, true, "DECLINED"],
    [1052, true, "FAILED"],
    [1053, false, "UNKNOWN"],
  ] as const)("charges server to server: amount %i (capture_now %s) gives %s", async (amount, capture_now, status) => {
    expect(await startWith(bnplProcessor, { capture_now }, { amount })).toMatchObject({ status, needsApproval: false });
    expect(bnplProcessor.approvalPage).toBeNull();
  });
});
