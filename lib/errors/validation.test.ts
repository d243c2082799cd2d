import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { invalidFields, parseInput } from "@/lib/errors/validation";

const Schema = z.strictObject({
  name: z.string(),
  details: z.strictObject({ issuer: z.string(), amount: z.number().int().min(1) }),
});

describe("validation errors", () => {
  it("names each field by its dotted path, Required for missing, Unknown field for extras", () => {
    const r = Schema.safeParse({ details: { amount: 0, extra: true }, other: 1 });
    expect(r.success).toBe(false);
    expect(invalidFields(r.error!)).toStrictEqual({
      name: "Required",
      "details.issuer": "Required",
      "details.amount": expect.stringContaining(">=1"),
      "details.extra": "Unknown field",
      other: "Unknown field",
    });
  });

  it("prefixes paths (details of a product are validated on their own)", () => {
    const r = z.strictObject({ issuer: z.string() }).safeParse({});
    expect(invalidFields(r.error!, "details")).toStrictEqual({ "details.issuer": "Required" });
  });

  it("reports fields named like Object.prototype's members as any other field", () => {
    const input = JSON.parse('{"name":"a","constructor":1,"toString":2,"__proto__":3,"hasOwnProperty":4}');
    const r = z.strictObject({ name: z.string() }).safeParse(input);
    const fields = invalidFields(r.error!, "", input);
    expect(Object.keys(fields).sort()).toEqual(["__proto__", "constructor", "hasOwnProperty", "toString"]);
    expect(Object.values(fields)).toEqual(["Unknown field", "Unknown field", "Unknown field", "Unknown field"]);
    expect(JSON.parse(JSON.stringify(fields))).toHaveProperty(["__proto__"], "Unknown field");
  });

  it("a missing field says Required, or the schema's own more specific Required message", () => {
    const s = z.strictObject({
      a: z.string(),
      b: z.string({ error: (i) => (i.input === undefined ? "Required when c is set" : "Expected text") }),
    });
    const r = s.safeParse({ b: 1 });
    expect(invalidFields(r.error!, "", { b: 1 })).toStrictEqual({ a: "Required", b: "Expected text" });
    const missing = s.safeParse({});
    expect(invalidFields(missing.error!, "", {})).toStrictEqual({ a: "Required", b: "Required when c is set" });
  });

  it("parseInput returns the data or throws 101", () => {
    expect(parseInput(z.object({ a: z.string() }), { a: "x" }, "thing")).toStrictEqual({ a: "x" });
    try {
      parseInput(Schema, null, "thing");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).code).toBe("101");
      expect((e as ApiError).details?.resource).toBe("thing");
    }
  });
});
