import { describe, expect, it } from "vitest";
import { pageError, pageErrorQuery } from "@/lib/approval/page-error";

const ID = "0b7e7a52-3c3c-4f5e-9a43-6f7d3a7f0c11";
const parse = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe("a correctable error on the hosted page", () => {
  it("comes back as the service wrote it", () => {
    const query = parse(pageErrorQuery(ID, "pin", "Enter the 16-digit PIN"));
    expect(query.field).toBe("pin");
    expect(pageError(ID, query)).toStrictEqual({ field: "pin", message: "Enter the 16-digit PIN" });
  });

  it("is not shown when the text, the field or the payment is another, or it is unsigned", () => {
    const query = parse(pageErrorQuery(ID, "pin", "Enter the 16-digit PIN"));
    expect(pageError(ID, { ...query, error: "Your card is blocked. Call +1-555-0100" })).toBeUndefined();
    expect(pageError(ID, { ...query, field: "iban" })).toBeUndefined();
    expect(pageError("5c0e2a52-3c3c-4f5e-9a43-6f7d3a7f0c11", query)).toBeUndefined();
    expect(pageError(ID, { error: "Enter the 16-digit PIN" })).toBeUndefined();
    expect(pageError(ID, { ...query, sig: "x" })).toBeUndefined();
    expect(pageError(ID, { ...query, error: ["a", "b"] })).toBeUndefined();
  });
});
