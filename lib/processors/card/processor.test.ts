import { describe, expect, it } from "vitest";
import { cardProcessor } from "@/lib/processors/card/processor";
import {
  apiError,
  detailsErrors,
  fakeClient,
  invalidOf,
  NOW,
  ORGANISATION_ID,
  startWith,
} from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/return";
const tokenDetails = {
  card_holder: "Ada Lovelace",
  card_token: "tok_1",
  card_cvv: "737",
  card_expiry_month: 3,
  card_expiry_year: 2030,
};
const client = (
  tokens: { token: string; expiryMonth: number; expiryYear: number; organisationId?: string; number?: string }[] = [
    { token: "tok_1", expiryMonth: 3, expiryYear: 2030 },
  ],
) =>
  fakeClient({
    mandates: [],
    cardTokens: tokens.map((t) => ({ organisationId: ORGANISATION_ID, holder: "Ada Lovelace", ...t })),
  });

describe("card details", () => {
  it("requires all five token fields as soon as one is present, reporting every missing one", () => {
    expect(detailsErrors(cardProcessor, { card_token: "tok_1" })).toEqual({
      "details.card_holder": "Required with card_token",
      "details.card_cvv": "Required with card_token",
      "details.card_expiry_month": "Required with card_token",
      "details.card_expiry_year": "Required with card_token",
    });
    expect(detailsErrors(cardProcessor, { card_cvv: "123" })).toHaveProperty(
      ["details.card_token"],
      "Required with card_token",
    );
    expect(detailsErrors(cardProcessor, { ...tokenDetails, card_holder: undefined })).toEqual({
      "details.card_holder": "Required with card_token",
    });
    expect(detailsErrors(cardProcessor, tokenDetails)).toBeNull();
    expect(detailsErrors(cardProcessor, { redirect_url })).toBeNull();
  });

  it("reports missing token fields together with other invalid fields", () => {
    expect(detailsErrors(cardProcessor, { card_token: "tok_1", card_cvv: "12", force_3DSecure: "yes" })).toEqual({
      "details.card_cvv": "Expected 3 or 4 digits",
      "details.force_3DSecure": expect.any(String),
      "details.card_holder": "Required with card_token",
      "details.card_expiry_month": "Required with card_token",
      "details.card_expiry_year": "Required with card_token",
    });
  });

  it.each([
    ["card_cvv", "12"],
    ["card_cvv", "12345"],
    ["card_cvv", "12a"],
    ["card_cvv", 123],
    ["card_expiry_month", 0],
    ["card_expiry_month", 13],
    ["card_expiry_month", 1.5],
    ["card_expiry_month", "3"],
    ["card_expiry_year", 1999],
    ["card_expiry_year", 2101],
    ["card_expiry_year", 30],
    ["card_holder", "x".repeat(101)],
    ["card_token", "t".repeat(65)],
  ])("rejects %s = %j", (field, value) => {
    expect(detailsErrors(cardProcessor, { ...tokenDetails, [field]: value })).toHaveProperty([`details.${field}`]);
  });

  it.each([
    "https://shop.example",
    "http://localhost:3000",
    "https://shop.example:8443",
    "https://xn--bcher-kva.example",
  ])("accepts origin %s", (origin) => {
    expect(detailsErrors(cardProcessor, { redirect_url, origin })).toBeNull();
  });

  it.each([
    "https://shop.example/",
    "https://shop.example/checkout",
    "https://shop.example?x=1",
    "https://shop.example#top",
    "https://user@shop.example",
    "https://Shop.example",
    "https://shop.example:443",
    "shop.example",
    "ftp://shop.example",
    "javascript:alert(1)",
    "null",
    "",
  ])("rejects origin %j", (origin) => {
    expect(detailsErrors(cardProcessor, { redirect_url, origin })).toHaveProperty(["details.origin"]);
  });

  it("accepts only an alphanumeric redirect_parent_function, and only with origin", () => {
    const origin = "https://shop.example";
    expect(detailsErrors(cardProcessor, { redirect_url, origin, redirect_parent_function: "payrailDone2" })).toBeNull();
    for (const name of ["alert(1)", "window.location", "a_b", "a-b", "", "x".repeat(65), "été"]) {
      expect(detailsErrors(cardProcessor, { redirect_url, origin, redirect_parent_function: name })).toEqual({
        "details.redirect_parent_function": "Expected 1-64 letters and digits",
      });
    }
    expect(detailsErrors(cardProcessor, { redirect_url, redirect_parent_function: "payrailDone" })).toEqual({
      "details.redirect_parent_function": "Requires origin",
    });
  });

  it("defaults capture_now to true and skip_fraud_check to false", () => {
    expect(cardProcessor.detailsSchema.parse({})).toEqual({ capture_now: true, skip_fraud_check: false });
  });
});

describe("card start", () => {
  it("without a token waits for the hosted card page", async () => {
    const result = await startWith(cardProcessor, {
      redirect_url,
      origin: "https://shop.example",
      force_3DSecure: true,
    });
    expect(result).toMatchObject({ status: "INITIATED", needsApproval: true });
    expect(result.details).toEqual({
      redirect_url,
      origin: "https://shop.example",
      force_3DSecure: true,
      capture_now: true,
      skip_fraud_check: false,
    });
    expect(cardProcessor.approvalPage).toBe("card");
  });

  it("without a token requires redirect_url", async () => {
    const error = await apiError(() => startWith(cardProcessor, {}));
    expect(invalidOf(error)).toEqual({ "details.redirect_url": "Required when the shopper must approve the payment" });
  });

  it("with a token charges server to server and never returns the CVC", async () => {
    const result = await startWith(cardProcessor, tokenDetails, { client: client() });
    expect(result).toMatchObject({ status: "SETTLEMENT_REQUESTED", needsApproval: false });
    expect(result.details).not.toHaveProperty("card_cvv");
    expect(JSON.stringify(result)).not.toContain("737");
    expect(result.details).toMatchObject({
      card_token: "tok_1",
      card_holder: "Ada Lovelace",
      card_expiry_month: 3,
      card_expiry_year: 2030,
    });
  });

  it.each([
    ["4111111111111111", true, false, "SETTLEMENT_REQUESTED"],
    ["4111111111111111", false, false, "AUTHORIZED"],
    ["4000000000000002", true, false, "DECLINED"],
    ["4000000000009995", true, false, "DECLINED"],
    ["4000000000000119", true, false, "UNKNOWN"],
    ["4000000000000069", true, false, "DECLINED"],
    ["4100000000000019", true, false, "DECLINED"],
    ["4100000000000019", true, true, "SETTLEMENT_REQUESTED"],
    // A stored-card charge has no shopper for a challenge: the 3-D Secure card is approved.
    ["4000000000003220", true, false, "SETTLEMENT_REQUESTED"],
  ] as const)(
    "with a token of test card %s (capture_now %s, skip_fraud_check %s) gives %s",
    async (number, capture_now, skip_fraud_check, status) => {
      const tokens = [{ token: "tok_1", expiryMonth: 3, expiryYear: 2030, number }];
      const result = await startWith(
        cardProcessor,
        { ...tokenDetails, capture_now, skip_fraud_check },
        { client: client(tokens) },
      );
      expect(result.status).toBe(status);
      expect(result.details).toMatchObject({ card_last_four: number.slice(-4) });
    },
  );

  it("with a token checks the security code length for the card's brand", async () => {
    const amex = [{ token: "tok_1", expiryMonth: 3, expiryYear: 2030, number: "378282246310005" }];
    const error = await apiError(() => startWith(cardProcessor, tokenDetails, { client: client(amex) }));
    expect(invalidOf(error)).toEqual({ "details.card_cvv": "Expected 4 digits for this card" });
    const ok = await startWith(cardProcessor, { ...tokenDetails, card_cvv: "1234" }, { client: client(amex) });
    expect(ok.status).toBe("SETTLEMENT_REQUESTED");
  });

  it("answers 120 for an unknown token or another organisation's token", async () => {
    for (const tokens of [
      [],
      [{ token: "tok_1", expiryMonth: 3, expiryYear: 2030, organisationId: "11111111-1111-4111-8111-111111111111" }],
    ]) {
      const error = await apiError(() => startWith(cardProcessor, tokenDetails, { client: client(tokens) }));
      expect(error.code).toBe("120");
      expect(error.details).toEqual({ resource: "card_token", id: "tok_1" });
    }
  });

  it("requires the expiry to match the card's", async () => {
    const error = await apiError(() =>
      startWith(cardProcessor, { ...tokenDetails, card_expiry_month: 4, card_expiry_year: 2031 }, { client: client() }),
    );
    expect(error.code).toBe("101");
    expect(invalidOf(error)).toEqual({
      "details.card_expiry_month": "Does not match the card",
      "details.card_expiry_year": "Does not match the card",
    });
  });

  it("refuses an expired card, and accepts one expiring this month", async () => {
    // NOW is November 2026.
    const expired = client([{ token: "tok_1", expiryMonth: 10, expiryYear: 2026 }]);
    const error = await apiError(() =>
      startWith(
        cardProcessor,
        { ...tokenDetails, card_expiry_month: 10, card_expiry_year: 2026 },
        { client: expired, now: NOW },
      ),
    );
    expect(invalidOf(error)).toEqual({ "details.card_expiry_year": "Card expired" });

    const thisMonth = client([{ token: "tok_1", expiryMonth: 11, expiryYear: 2026 }]);
    const result = await startWith(
      cardProcessor,
      { ...tokenDetails, card_expiry_month: 11, card_expiry_year: 2026 },
      { client: thisMonth, now: NOW },
    );
    expect(result.status).toBe("SETTLEMENT_REQUESTED");
  });
});
