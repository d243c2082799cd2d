import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isShopperSession, sessionFromCookies, withSession } from "@/lib/approval/shopper-session";

const ID = "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01";
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

describe("shopper session", () => {
  it("accepts only the token whose hash is stored", () => {
    const stored = hashOf("t0ken-of-the-first-browser");
    expect(isShopperSession(stored, "t0ken-of-the-first-browser")).toBe(true);
    for (const other of ["t0ken-of-the-first-browseR", "", undefined, 42, "x".repeat(500)])
      expect(isShopperSession(stored, other)).toBe(false);
    // A payment never opened has no session: nothing matches.
    expect(isShopperSession(null, "anything")).toBe(false);
  });

  it("adds the token to a page URL and reads it back from the Cookie header", () => {
    expect(withSession(`/pay/${ID}`, "a b")).toBe(`/pay/${ID}?s=a%20b`);
    expect(withSession(`/pay/${ID}/card?o=x`, "t")).toBe(`/pay/${ID}/card?o=x&s=t`);
    expect(sessionFromCookies(`a=1; payrail_pay_${ID}=tok; b=2`, ID)).toBe("tok");
    expect(sessionFromCookies("payrail_pay_other=tok", ID)).toBeUndefined();
    expect(sessionFromCookies(null, ID)).toBeUndefined();
  });
});
