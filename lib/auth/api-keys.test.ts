import { describe, expect, it } from "vitest";
import { apiKeyFromHeaders, generateApiKey, hashApiKey } from "@/lib/auth/api-keys";

describe("API keys", () => {
  it("look like sk_test_ + 32 base62 and are unique", () => {
    const keys = new Set(Array.from({ length: 500 }, generateApiKey));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  });

  it("are hashed with SHA-256 (hex), deterministically, never equal to the key", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toContain(key.slice(8));
  });

  it("are read from apiKey or Authorization: Bearer", () => {
    expect(apiKeyFromHeaders(new Headers({ apiKey: "k1" }))).toBe("k1");
    expect(apiKeyFromHeaders(new Headers({ APIKEY: " k2 " }))).toBe("k2");
    expect(apiKeyFromHeaders(new Headers({ Authorization: "Bearer k3" }))).toBe("k3");
    expect(apiKeyFromHeaders(new Headers({ Authorization: "bearer k4" }))).toBe("k4");
    expect(apiKeyFromHeaders(new Headers({ Authorization: "Basic abc" }))).toBeUndefined();
    // A Bearer credential with a space is read whole, so it fails as malformed (111), not as missing (110).
    expect(apiKeyFromHeaders(new Headers({ Authorization: "Bearer a b" }))).toBe("a b");
    expect(apiKeyFromHeaders(new Headers())).toBeUndefined();
    expect(apiKeyFromHeaders(new Headers({ apiKey: "a", Authorization: "Bearer b" }))).toBe("a");
  });
});
