import { describe, expect, it } from "vitest";
import { openingOf } from "@/lib/approval/approval";

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

describe("openingOf", () => {
  it("a top-level opening is not framed, whatever the Referer", () => {
    expect(openingOf(headers({ "sec-fetch-dest": "document", referer: "https://shop.example/checkout" }))).toEqual({
      framed: false,
      parent: null,
    });
    expect(openingOf(headers({}))).toEqual({ framed: false, parent: null });
  });

  it("inside a frame, the parent is the Referer's origin", () => {
    expect(
      openingOf(headers({ "sec-fetch-dest": "iframe", referer: "https://shop.example:8443/checkout?x=1" })),
    ).toEqual({ framed: true, parent: "https://shop.example:8443" });
    expect(openingOf(headers({ "sec-fetch-dest": "frame", referer: "http://127.0.0.1:4000/" }))).toEqual({
      framed: true,
      parent: "http://127.0.0.1:4000",
    });
  });

  it("inside a frame without a usable Referer, the parent is unknown", () => {
    expect(openingOf(headers({ "sec-fetch-dest": "iframe" }))).toEqual({ framed: true, parent: null });
    expect(openingOf(headers({ "sec-fetch-dest": "iframe", referer: "not a url" }))).toEqual({
      framed: true,
      parent: null,
    });
    // An opaque origin (a sandboxed or data: parent) names no site.
    expect(openingOf(headers({ "sec-fetch-dest": "iframe", referer: "data:text/html,x" }))).toEqual({
      framed: true,
      parent: null,
    });
  });
});
