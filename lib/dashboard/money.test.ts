import { describe, expect, it } from "vitest";
import { euroAmountProblem, eurosToCents, NOT_EUROS } from "@/lib/dashboard/money";

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

describe("euroAmountProblem", () => {
  it("names a euro amount's problem in euros, and leaves an empty field to the schema", () => {
    for (const bad of ["ten", "-5", "1e3", "12.345"]) expect(euroAmountProblem(bad)).toBe(NOT_EUROS);
    expect(euroAmountProblem("0")).toBe("Must be at least €0.01");
    expect(euroAmountProblem("0.00")).toBe("Must be at least €0.01");
    for (const ok of ["", "  ", "0.01", "20", "1,234.50"]) expect(euroAmountProblem(ok)).toBe("");
  });
});
