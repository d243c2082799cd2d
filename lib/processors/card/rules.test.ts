import { describe, expect, it } from "vitest";
import { authorizeCard, type AuthorizationRequest } from "@/lib/processors/card/acquirer";
import {
  detectBrand,
  formatCardNumber,
  isOrigin,
  luhnValid,
  originProblem,
  splitExpiry,
  validateCard,
} from "@/lib/processors/card/rules";
import { TEST_CARDS } from "@/lib/processors/card/test-cards";
import { decryptCardNumber, encryptCardNumber, generateCardToken } from "@/lib/processors/card/vault";

const NOW = new Date("2026-11-22T10:00:00Z");
const card = (over: Partial<Parameters<typeof validateCard>[0]> = {}) =>
  validateCard(
    { number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "28", cvc: "123", holder: "Ada Lovelace", ...over },
    NOW,
  );

describe("card numbers", () => {
  it("checks Luhn", () => {
    for (const c of TEST_CARDS) expect(luhnValid(c.number)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("41111")).toBe(false);
  });

  it("detects brands", () => {
    expect(detectBrand("4111111111111111")).toBe("visa");
    expect(detectBrand("5555555555554444")).toBe("mastercard");
    expect(detectBrand("2221000000000009")).toBe("mastercard");
    expect(detectBrand("378282246310005")).toBe("amex");
    expect(detectBrand("6011111111111117")).toBe("discover");
    expect(detectBrand("9999")).toBe("unknown");
  });

  it("formats as printed", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("validates what the shopper typed", () => {
    expect(card().errors).toEqual({});
    expect(card().year).toBe(2028);
    expect(card({ number: "4111 1111 1111 1112" }).errors.number).toBe("This card number is not valid");
    expect(card({ expiryMonth: "13" }).errors.expiry).toBe("Enter the expiry date as MM/YY");
    expect(card({ expiryMonth: "10", expiryYear: "26" }).errors.expiry).toBe("This card has expired");
    expect(card({ expiryMonth: "11", expiryYear: "2026" }).errors).toEqual({});
    expect(card({ number: "378282246310005", cvc: "123" }).errors.cvc).toBe("Enter the 4-digit security code");
    expect(card({ number: "378282246310005", cvc: "1234" }).errors).toEqual({});
    expect(card({ cvc: "12" }).errors.cvc).toBe("Enter the 3-digit security code");
    expect(card({ holder: " " }).errors.holder).toBe("Enter the name on the card");
  });
});

describe("vault", () => {
  it("seals with AES-256-GCM bound to the token, without the number in clear", () => {
    const token = generateCardToken();
    expect(token).toMatch(/^ctok_[0-9A-Za-z]{24}$/);
    const sealed = encryptCardNumber("4111111111111111", token);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("4111111111111111");
    expect(sealed).not.toContain(Buffer.from("4111111111111111").toString("base64url"));
    expect(decryptCardNumber(sealed, token)).toBe("4111111111111111");
    expect(encryptCardNumber("4111111111111111", token)).not.toBe(sealed);
  });

  it("refuses a sealed number used with another token or tampered with", () => {
    const sealed = encryptCardNumber("4111111111111111", "ctok_a");
    expect(() => decryptCardNumber(sealed, "ctok_b")).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("x".repeat(16)).toString("base64url");
    expect(() => decryptCardNumber(parts.join("."), "ctok_a")).toThrow();
  });
});

describe("sandbox acquirer", () => {
  const base: AuthorizationRequest = {
    number: "4111111111111111",
    amount: 1000,
    captureNow: true,
    skipFraudCheck: false,
    authenticated: false,
    force3DSecure: false,
    canChallenge: true,
  };
  const run = (over: Partial<AuthorizationRequest>) => authorizeCard({ ...base, ...over });

  it("follows the test cards", () => {
    expect(run({})).toEqual({ kind: "final", status: "SETTLEMENT_REQUESTED", reason: "Approved" });
    expect(run({ captureNow: false })).toMatchObject({ status: "AUTHORIZED" });
    expect(run({ number: "4000000000000002" })).toMatchObject({ status: "DECLINED", reason: "Card declined" });
    expect(run({ number: "4000000000009995" })).toMatchObject({ status: "DECLINED", reason: "Insufficient funds" });
    expect(run({ number: "4000000000000069" })).toMatchObject({ status: "DECLINED", reason: "Expired card" });
    expect(run({ number: "4000000000000119" })).toMatchObject({ status: "UNKNOWN" });
  });

  it("challenges 3-D Secure cards and forced ones, then approves once authenticated", () => {
    expect(run({ number: "4000000000003220" })).toEqual({ kind: "challenge" });
    expect(run({ force3DSecure: true })).toEqual({ kind: "challenge" });
    expect(run({ number: "4000000000003220", authenticated: true })).toMatchObject({
      status: "SETTLEMENT_REQUESTED",
      reason: "Approved after 3-D Secure",
    });
    expect(run({ number: "4000000000003220", canChallenge: false })).toMatchObject({ status: "SETTLEMENT_REQUESTED" });
  });

  it("blocks the fraud card unless skip_fraud_check, before any challenge", () => {
    expect(run({ number: "4100000000000019", force3DSecure: true })).toMatchObject({
      status: "DECLINED",
      reason: "Blocked by the fraud check",
    });
    expect(run({ number: "4100000000000019", skipFraudCheck: true })).toMatchObject({ status: "SETTLEMENT_REQUESTED" });
  });
});

describe("the expiry field as typed (the form posts it as one field, with or without JavaScript)", () => {
  it("splits the usual ways of writing it", () => {
    expect(splitExpiry("12 / 30")).toEqual(["12", "30"]);
    expect(splitExpiry("12/30")).toEqual(["12", "30"]);
    expect(splitExpiry(" 1-2030 ")).toEqual(["1", "2030"]);
    expect(splitExpiry("12 30")).toEqual(["12", "30"]);
    expect(splitExpiry("1230")).toEqual(["12", "30"]);
    expect(splitExpiry("122030")).toEqual(["12", "2030"]);
  });

  it("leaves what it cannot split for validateCard to refuse", () => {
    for (const typed of ["", "12", "123", "12/30/40", "ab/cd"]) {
      const [expiryMonth, expiryYear] = splitExpiry(typed);
      expect(card({ expiryMonth, expiryYear }).errors.expiry, typed).toBe("Enter the expiry date as MM/YY");
    }
  });
});

describe("origin", () => {
  it("is accepted only as browsers write it; another spelling is told the form to send", () => {
    expect(isOrigin("https://shop.example")).toBe(true);
    expect(isOrigin("http://localhost:8080")).toBe(true);
    for (const [written, origin] of [
      ["https://Shop.Example", "https://shop.example"],
      ["https://shop.example:443", "https://shop.example"],
      ["http://shop.example:80/", "http://shop.example"],
      ["https://shop.example/", "https://shop.example"],
    ]) {
      expect(isOrigin(written), written).toBe(false);
      expect(originProblem(written)).toBe(`Expected the origin as browsers write it: "${origin}"`);
    }
    for (const other of [
      "https://shop.example/pay",
      "https://shop.example?x=1",
      "ftp://shop.example",
      "shop.example",
      "",
    ]) {
      expect(isOrigin(other), other).toBe(false);
      expect(originProblem(other)).toMatch(/^Expected an http\(s\) origin/);
    }
  });
});
