import { describe, expect, it } from "vitest";
import { eurosToCents } from "@/lib/dashboard/money";

describe("eurosToCents", () => {
  it("reads euros with up to two decimals", () => {
    expect(eurosToCents("12")).toBe(1200);
    expect(eurosToCents("12.5")).toBe(1250);
    expect(eurosToCents("12,05")).toBe(1205);
    expect(eurosToCents("€ 1,234.50")).toBe(123450);
    expect(eurosToCents(" 0.01 ")).toBe(1);
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "12.", "1.2.3"]) expect(eurosToCents(bad)).toBeUndefined();
  });
});
