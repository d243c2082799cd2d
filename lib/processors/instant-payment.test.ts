import { describe, expect, it } from "vitest";
import { instantPaymentProcessor, isValidBrazilianDocumentId } from "@/lib/processors/instant-payment";
import { apiError, detailsErrors, invalidOf, outcomeWith } from "@/lib/processors/test-support";

const valid = { redirect_url: "https://shop.example/r", pix_name: "Maria Silva" };
const DOCUMENT_ERROR = "Expected a valid CPF (11 digits) or CNPJ (14 digits)";

describe("PIX document id", () => {
  it.each(["52998224725", "11144477735", "11222333000181", "04252011000110"])("accepts %s", (id) => {
    expect(isValidBrazilianDocumentId(id)).toBe(true);
  });

  it.each([
    ["52998224724", "CPF, wrong second check digit"],
    ["52998224715", "CPF, wrong first check digit"],
    ["11222333000180", "CNPJ, wrong second check digit"],
    ["11222333000191", "CNPJ, wrong first check digit"],
    ["11111111111", "CPF, all the same digit"],
    ["00000000000000", "CNPJ, all the same digit"],
    ["5299822472", "10 digits"],
    ["529982247251", "12 digits"],
    ["", "empty"],
  ])("refuses %s (%s)", (id) => {
    expect(isValidBrazilianDocumentId(id)).toBe(false);
  });

  it("strips . - / punctuation and stores the digits", () => {
    expect(
      instantPaymentProcessor.detailsSchema.parse({ ...valid, pix_document_id: "529.982.247-25" }).pix_document_id,
    ).toBe("52998224725");
    expect(
      instantPaymentProcessor.detailsSchema.parse({ ...valid, pix_document_id: "11.222.333/0001-81" }).pix_document_id,
    ).toBe("11222333000181");
  });

  it("reports an invalid document id, other characters included", () => {
    for (const id of ["529 982 247 25", "529.982.247-24", "5299822472x", "abc"]) {
      expect(detailsErrors(instantPaymentProcessor, { ...valid, pix_document_id: id })).toEqual({
        "details.pix_document_id": DOCUMENT_ERROR,
      });
    }
  });
});

describe("PIX details", () => {
  it("requires pix_name and pix_document_id, with their limits", () => {
    expect(detailsErrors(instantPaymentProcessor, { redirect_url: valid.redirect_url })).toEqual({
      "details.pix_name": "Required",
      "details.pix_document_id": "Required",
    });
    const base = { ...valid, pix_document_id: "52998224725" };
    expect(
      detailsErrors(instantPaymentProcessor, { ...base, pix_name: "n".repeat(140), pix_key: "k".repeat(77) }),
    ).toBeNull();
    expect(detailsErrors(instantPaymentProcessor, { ...base, pix_name: "n".repeat(141) })).toEqual({
      "details.pix_name": "At most 140 characters",
    });
    expect(detailsErrors(instantPaymentProcessor, { ...base, pix_name: "  " })).toEqual({
      "details.pix_name": "Required",
    });
    expect(detailsErrors(instantPaymentProcessor, { ...base, pix_key: "k".repeat(78) })).toEqual({
      "details.pix_key": "At most 77 characters",
    });
  });
});

describe("PIX page outcomes", () => {
  it.each([
    ["simulate_payment", "SETTLEMENT_REQUESTED"],
    ["cancel", "CANCELLED"],
    ["expire", "ABANDONED"],
  ] as const)("%s gives %s", async (outcome, status) => {
    expect((await outcomeWith(instantPaymentProcessor, { outcome })).status).toBe(status);
  });

  it.each(["approve", "decline", "toString", "__proto__"])("refuses %s", async (outcome) => {
    expect(invalidOf(await apiError(() => outcomeWith(instantPaymentProcessor, { outcome })))).toEqual({
      outcome: "Unknown outcome",
    });
  });
});
