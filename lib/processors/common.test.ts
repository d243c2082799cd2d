import { normalizeIban } from "@/lib/domain/iban";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { invalidFields } from "@/lib/errors/validation";
import {
  commonDetails,
  redirectUrl,
  requireRedirectUrl,
  sandboxChargeStatus,
  standardOutcome,
  storedDetails,
} from "@/lib/processors/common";
import { apiError, invalidOf } from "@/lib/processors/test-support";

const schema = z.strictObject({ ...commonDetails, redirect_url: redirectUrl });
const errors = (input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : invalidFields(parsed.error, "details");
};

describe("sandbox magic amounts", () => {
  it.each([
    [1051, true, "DECLINED", "Declined by the sandbox processor (amount ending in 51)"],
    [52, true, "FAILED", "Processing error in the sandbox (amount ending in 52)"],
    [999953, false, "UNKNOWN", "Status unknown in the sandbox (amount ending in 53)"],
    [1000, true, "SETTLEMENT_REQUESTED", ""],
    [1000, false, "AUTHORIZED", ""],
    [1050, true, "SETTLEMENT_REQUESTED", ""],
    [1054, false, "AUTHORIZED", ""],
    [5100, true, "SETTLEMENT_REQUESTED", ""],
  ] as const)("amount %i (capture_now %s) gives %s", (amount, captureNow, status, statusReason) => {
    expect(sandboxChargeStatus(amount, captureNow)).toEqual({ status, statusReason });
  });
});

describe("standardOutcome", () => {
  it.each([
    ["approve", true, "SETTLEMENT_REQUESTED"],
    ["approve", false, "AUTHORIZED"],
    ["decline", true, "DECLINED"],
    ["cancel", true, "CANCELLED"],
    ["fail", false, "FAILED"],
  ] as const)("%s (capture_now %s) gives %s", (outcome, captureNow, status) => {
    expect(standardOutcome(outcome, captureNow).status).toBe(status);
  });

  it("refuses any other outcome with 101", async () => {
    for (const outcome of ["", "APPROVE", "sign", "toString"]) {
      const error = await apiError(() => standardOutcome(outcome, true));
      expect(error.code).toBe("101");
      expect(invalidOf(error)).toEqual({ outcome: "Unknown outcome" });
    }
  });
});

describe("common details", () => {
  it("accepts checkout_id up to 255 characters", () => {
    expect(errors({ checkout_id: "c".repeat(255) })).toBeNull();
    expect(errors({ checkout_id: "c".repeat(256) })).toEqual({ "details.checkout_id": "At most 255 characters" });
  });

  it("accepts merchant_data of string values up to 1024 characters as JSON", () => {
    expect(errors({ merchant_data: { order: "42", note: "gift" } })).toBeNull();
    // {"k":"..."} is 8 characters around the value.
    expect(errors({ merchant_data: { k: "v".repeat(1016) } })).toBeNull();
    expect(errors({ merchant_data: { k: "v".repeat(1017) } })).toEqual({
      "details.merchant_data": "At most 1024 characters as JSON",
    });
    expect(errors({ merchant_data: { n: 1 } })).toHaveProperty(["details.merchant_data.n"]);
    expect(errors({ merchant_data: "order 42" })).toHaveProperty(["details.merchant_data"]);
  });

  it("reports a merchant_data key __proto__ instead of dropping it (a key like any other from JSON.parse)", () => {
    const merchant_data = JSON.parse('{"__proto__":"x","constructor":"y"}');
    expect(errors({ merchant_data })).toEqual({ "details.merchant_data.__proto__": "__proto__ cannot be a key" });
    expect(errors({ merchant_data: { constructor: "y", toString: "z" } })).toBeNull();
  });

  it("accepts absolute http(s) redirect URLs, localhost included", () => {
    for (const url of [
      "https://shop.example/return",
      "http://localhost:3000/checkout/done?x=1",
      `https://shop.example/${"x".repeat(2020)}`,
    ]) {
      expect(errors({ redirect_url: url })).toBeNull();
    }
    for (const url of [
      "shop.example/return",
      "/return",
      "mailto:a@b.example",
      "data:text/html,hi",
      `https://shop.example/${"x".repeat(2030)}`,
      "",
    ]) {
      expect(errors({ redirect_url: url })).toHaveProperty(["details.redirect_url"]);
    }
    // The URL parser would drop these silently: the URL used would not be the one sent.
    for (const url of [
      "https://shop.example/r\r\nSet-Cookie: a=b",
      "https://shop.example/\tx",
      "https://shop.example/\u0000",
    ]) {
      expect(errors({ redirect_url: url })).toEqual({
        "details.redirect_url": "Control characters (line breaks, tabs) are not allowed",
      });
    }
  });

  it("requireRedirectUrl names details.redirect_url", async () => {
    expect(() => requireRedirectUrl({ redirect_url: "https://shop.example" })).not.toThrow();
    const error = await apiError(() => requireRedirectUrl({}));
    expect(invalidOf(error)).toEqual({ "details.redirect_url": "Required when the shopper must approve the payment" });
  });
});

describe("storedDetails", () => {
  it("drops undefined (also nested), omitted keys, and adds fields", () => {
    const stored = storedDetails(
      { a: "1", b: undefined, secret: "x", list: [{ c: "2", d: undefined }], nested: { e: undefined, f: false } },
      { omit: ["secret"], add: { added: true } },
    );
    expect(stored).toEqual({ a: "1", list: [{ c: "2" }], nested: { f: false }, added: true });
    expect(Object.keys(stored)).not.toContain("b");
    expect(Object.keys(stored.list as object[])).toHaveLength(1);
  });
});

describe("normalizeIban", () => {
  it("removes spaces, uppercases and checks the IBAN", () => {
    expect(normalizeIban("nl91 abna 0417 1643 00")).toBe("NL91ABNA0417164300");
    expect(normalizeIban("DE89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(normalizeIban("DE89 3704 0044 0532 0130 01")).toBeNull();
    expect(normalizeIban("NL91ABNA041716430")).toBeNull();
    expect(normalizeIban("")).toBeNull();
  });
});
