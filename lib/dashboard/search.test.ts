import { describe, expect, it } from "vitest";
import { likeLiteral, searchFromParams } from "@/lib/dashboard/search";

describe("likeLiteral", () => {
  it("escapes LIKE's wildcards and its escape character, nothing else", () => {
    expect(likeLiteral("ORDER_1")).toBe("ORDER\\_1");
    expect(likeLiteral("100%")).toBe("100\\%");
    expect(likeLiteral("a\\b")).toBe("a\\\\b");
    expect(likeLiteral("ada@example.com")).toBe("ada@example.com");
  });
});

describe("searchFromParams", () => {
  it("refuses a range that ends before it begins, next to To", () => {
    const { parsed } = searchFromParams({ from: "2026-11-25", to: "2026-11-24" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["to"], message: "Must not be before From" });
    expect(searchFromParams({ from: "2026-11-24", to: "2026-11-24" }).parsed.success).toBe(true);
  });
});

describe("searchFromParams: reasons in plain words", () => {
  it("names a search over 255 characters without zod's wording", () => {
    const { parsed } = searchFromParams({ q: "x".repeat(256) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["q"], message: "At most 255 characters" });
    expect(searchFromParams({ q: "x".repeat(255) }).parsed.success).toBe(true);
  });

  it("takes a cursor that cannot be one as the first page, not as a bad filter", () => {
    const { raw, parsed } = searchFromParams({ cursor: "c".repeat(201), status: "DECLINED" });
    expect(raw.cursor).toHaveLength(201);
    expect(parsed.success && parsed.data).toEqual({ status: "DECLINED", cursor: undefined });
  });
});
