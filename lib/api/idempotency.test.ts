import { describe, expect, it } from "vitest";
import { fingerprint, fingerprintDiff } from "@/lib/api/idempotency";

describe("idempotency fingerprints", () => {
  it("hash every leaf by path, and name what changed", () => {
    const a = fingerprint("POST /v1/transaction/start", {
      amount: 100,
      details: { issuer: "X", sender: [{ iban: "A" }] },
    });
    const b = fingerprint("POST /v1/transaction/start", {
      amount: 200,
      details: { issuer: "X", sender: [{ iban: "B" }] },
      extra: true,
    });
    expect(Object.keys(a).sort()).toEqual(["(endpoint)", "amount", "details.issuer", "details.sender.0.iban"]);
    expect(fingerprintDiff(a, b)).toEqual(["amount", "details.sender.0.iban", "extra"]);
    expect(fingerprintDiff(a, a)).toEqual([]);
    expect(
      fingerprintDiff(
        a,
        fingerprint("POST /v1/customer", { amount: 100, details: { issuer: "X", sender: [{ iban: "A" }] } }),
      ),
    ).toEqual(["(endpoint)"]);
  });

  it("never includes the CVC, not even hashed", () => {
    const print = fingerprint("POST /v1/transaction/start", { details: { card_cvv: "123", card_token: "ctok_1" } });
    expect(Object.keys(print)).toEqual(["(endpoint)", "details.card_token"]);
    expect(JSON.stringify(print)).not.toContain("123");
  });

  it("keeps values apart that print alike", () => {
    expect(fingerprintDiff(fingerprint("E", { a: "1" }), fingerprint("E", { a: 1 }))).toEqual(["a"]);
    expect(fingerprintDiff(fingerprint("E", { a: {} }), fingerprint("E", { a: [] }))).toEqual(["a"]);
  });
});
