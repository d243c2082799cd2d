import { describe, expect, it } from "vitest";
import { luhnValid, REDACTED, REDACTED_CARD, redact, redactText } from "@/lib/api/redact";
import { storedBody } from "@/lib/api/request-log";

const PAN = "4111111111111111";
const AMEX = "378282246310005";
const API_KEY = "sk_test_0123456789ABCDEFGHIJabcdefghij";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("request log redaction", () => {
  it("recognises card numbers by the Luhn check", () => {
    expect(luhnValid(PAN)).toBe(true);
    expect(luhnValid(AMEX)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
  });

  it("removes a card start's CVC, card number and token by field name", () => {
    const body = {
      amount: 1234,
      payment_product: "card",
      details: { card_number: PAN, card_cvv: "737", card_token: "tok_abc", card_holder: "A B", card_expiry_month: 11 },
    };
    const out = JSON.stringify(redact(body));
    expect(out).not.toContain(PAN);
    expect(out).not.toContain("737");
    expect(out).not.toContain("tok_abc");
    expect(out).toContain('"card_holder":"A B"');
    expect(out).toContain('"amount":1234');
    expect((redact(body) as { details: Record<string, unknown> }).details.card_cvv).toBe(REDACTED);
    // The input is not changed.
    expect(body.details.card_cvv).toBe("737");
  });

  it("removes CVCs under any of their names, also numeric ones", () => {
    const out = JSON.stringify(
      redact({ cvc: 8317, cvv: "6053", "security-code": "9241", CVV2: "123", nested: [{ cvc2: "4321" }] }),
    );
    for (const code of ["8317", "6053", "9241", "123", "4321"]) expect(out).not.toContain(code);
  });

  it("removes a card number in any field and any formatting, but not other long numbers", () => {
    const out = redactText(`note: card 4111 1111 1111 1111 and 3782-822463-10005, order 1234567890123`);
    expect(out).not.toContain("4111 1111 1111 1111");
    expect(out).not.toContain("3782-822463-10005");
    expect(out).toContain(REDACTED_CARD);
    expect(out).toContain("order 1234567890123"); // 13 digits, not Luhn-valid: kept
    expect(JSON.stringify(redact({ merchant_reference: PAN, amount: Number(PAN) }))).not.toContain(PAN);
  });

  it("keeps ids: a UUID made of digits is not a card number, a card number beside one still is", () => {
    const path = "/v1/transaction/00000000-0000-0000-0000-000000000000/checkoutsuccess";
    expect(redactText(path)).toBe(path);
    expect(redactText("12345678-1234-1234-1234-123456789012")).toBe("12345678-1234-1234-1234-123456789012");
    const both = redactText(`id 00000000-0000-0000-0000-000000000000 card ${PAN}`);
    expect(both).toBe(`id 00000000-0000-0000-0000-000000000000 card ${REDACTED_CARD}`);
  });

  it("removes API keys and webhook secrets by field name and by value", () => {
    const body = {
      webhook_secret: WEBHOOK_SECRET,
      api_key: API_KEY,
      description: `my key is ${API_KEY} and my secret ${WEBHOOK_SECRET}`,
      list: [API_KEY],
      password: "hunter2",
    };
    const out = JSON.stringify(redact(body));
    expect(out).not.toContain(API_KEY);
    expect(out).not.toContain(WEBHOOK_SECRET);
    expect(out).not.toContain("hunter2");
    expect(out).toContain("my key is [redacted] and my secret [redacted]");
  });

  it("keeps what a developer needs", () => {
    const body = { id: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", status: "SUCCESS", amount: 2500, force_3DSecure: true };
    expect(redact(body)).toEqual(body);
  });

  it("stores bodies as redacted JSON, large ones as a truncated preview, streams and none as null", () => {
    expect(storedBody(undefined)).toBeNull();
    expect(storedBody(new ReadableStream())).toBeNull();
    expect(storedBody({ card_cvv: "737", s: "a\u0000b" })).toBe('{"card_cvv":"[redacted]","s":"ab"}');
    const big = storedBody({ text: `${PAN} ${"x".repeat(40_000)}` });
    expect(big).not.toContain(PAN);
    expect(JSON.parse(big as string)).toMatchObject({ truncated: true });
  });
});
