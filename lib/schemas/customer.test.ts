import { describe, expect, it } from "vitest";
import { CustomerCreateSchema } from "@/lib/schemas/customer";

const base = { first_name: "Ada", last_name: "Lovelace", email_address: "ada@example.com" };
const ok = (extra: Record<string, unknown>) => CustomerCreateSchema.safeParse({ ...base, ...extra }).success;

describe("CustomerCreateSchema", () => {
  it("requires first name, last name and e-mail", () => {
    expect(ok({})).toBe(true);
    expect(CustomerCreateSchema.safeParse({ first_name: "A", last_name: "B" }).success).toBe(false);
    expect(ok({ first_name: "" })).toBe(false);
  });

  it("accepts only real YYYY-MM-DD birth dates in the past", () => {
    expect(ok({ date_of_birth: "2000-02-29" })).toBe(true);
    expect(ok({ date_of_birth: "2001-02-29" })).toBe(false);
    expect(ok({ date_of_birth: "2000-1-1" })).toBe(false);
    expect(ok({ date_of_birth: "1899-12-31" })).toBe(false);
    expect(ok({ date_of_birth: "2999-01-01" })).toBe(false);
    expect(ok({ date_of_birth: "" })).toBe(true);
  });

  it("accepts E.164 phone numbers only", () => {
    expect(ok({ phone_number: "+31201234567" })).toBe(true);
    expect(ok({ phone_number: "+14155552671" })).toBe(true);
    for (const p of ["0201234567", "+0201234567", "+31 20 123 4567", "+3120123456789012", "+31-20"])
      expect(ok({ phone_number: p })).toBe(false);
  });

  it("accepts uppercase ISO 3166-1 alpha-2 countries only", () => {
    for (const c of ["NL", "DE", "BR", "US", "GB"]) expect(ok({ country_code: c })).toBe(true);
    for (const c of ["nl", "XX", "UK", "EU", "NLD", "N"]) expect(ok({ country_code: c })).toBe(false);
  });

  it("trims the e-mail address like the other strings", () => {
    expect(CustomerCreateSchema.parse({ ...base, email_address: "  ada@example.com \t" }).email_address).toBe(
      "ada@example.com",
    );
    expect(ok({ email_address: " not an address " })).toBe(false);
  });

  it('takes organisation as a UUID in either case (lowercased), or "" for unset', () => {
    const upper = "D88BA704-6EE2-4753-9CDB-B92C090669A7";
    expect(CustomerCreateSchema.parse({ ...base, organisation: upper }).organisation).toBe(upper.toLowerCase());
    expect(ok({ organisation: "" })).toBe(true);
    expect(ok({ organisation: "d88ba704" })).toBe(false);
  });

  it("rejects unknown fields and read-only ones", () => {
    expect(ok({ foo: 1 })).toBe(false);
    expect(ok({ status: "verified" })).toBe(false);
    expect(ok({ id: "x" })).toBe(false);
  });
});
