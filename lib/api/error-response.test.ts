import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponse } from "@/lib/api/endpoint";
import { ApiError, ERROR_CODES } from "@/lib/errors/api-error";

describe("ApiError and the error mapper", () => {
  it("maps every code of the table to its HTTP status and the spec's error object", () => {
    for (const [code, { http }] of Object.entries(ERROR_CODES)) {
      const res = errorResponse(new ApiError(code as keyof typeof ERROR_CODES, "m"));
      expect(res.status).toBe(http);
      expect(res.body).toStrictEqual({ code, message: "m" });
      expect(code).toMatch(/^\d{3}$/);
    }
  });

  it("keeps details and headers", () => {
    const res = errorResponse(new ApiError("140", "slow down", { limit: 5 }, { "Retry-After": "3" }));
    expect(res).toStrictEqual({
      status: 429,
      headers: { "Retry-After": "3" },
      body: { code: "140", message: "slow down", details: { limit: 5 } },
    });
  });

  it("turns anything unexpected into 199 without internals", () => {
    const res = errorResponse(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"));
    expect(res.status).toBe(500);
    expect(res.body).toStrictEqual({ code: "199", message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|hunter2|10\.0\.0\.5/);
    expect(errorResponse(new z.ZodError([])).status).toBe(500);
    expect(errorResponse("a string").status).toBe(500);
  });

  it("builds 101 and 120 with the documented details", () => {
    expect(ApiError.notFound("customer", "abc").toBody()).toStrictEqual({
      code: "120",
      message: 'No customer with id "abc".',
      details: { resource: "customer", id: "abc" },
    });
    const v = ApiError.validation("transaction", { "details.issuer": "Required", amount: "Too small" });
    expect(v.httpStatus).toBe(400);
    expect(v.message).toBe("The transaction is invalid: details.issuer: Required (and 1 more).");
    expect(v.details).toStrictEqual({
      resource: "transaction",
      invalid_fields: { "details.issuer": "Required", amount: "Too small" },
    });
  });
});
