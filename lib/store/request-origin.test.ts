import { describe, expect, it } from "vitest";
import { requestIp, requestOrigin } from "@/lib/store/request-origin";

const h = (o: Record<string, string>) => new Headers(o);
const fallback = "http://localhost:3000";

describe("requestOrigin", () => {
  it("uses the proxy's forwarded host and scheme, else Host with the fallback's scheme", () => {
    expect(requestOrigin(h({ host: "shop.test:8080" }), fallback)).toBe("http://shop.test:8080");
    expect(
      requestOrigin(
        h({ host: "internal:3000", "x-forwarded-host": "shop.example.com", "x-forwarded-proto": "https" }),
        fallback,
      ),
    ).toBe("https://shop.example.com");
    expect(requestOrigin(h({ host: "[::1]:3000" }), fallback)).toBe("http://[::1]:3000");
  });

  it("falls back when the host is missing or not a host", () => {
    expect(requestOrigin(h({}), fallback)).toBe(fallback);
    for (const host of ["evil.com/path", "a b", "x@y", "host:port"])
      expect(requestOrigin(h({ host }), fallback)).toBe(fallback);
  });
});

describe("requestIp", () => {
  it("takes the first forwarded address, if it is one", () => {
    expect(requestIp(h({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(requestIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(requestIp(h({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
    expect(requestIp(h({ "x-forwarded-for": "unknown" }))).toBeUndefined();
    expect(requestIp(h({}))).toBeUndefined();
  });
});
