import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/api/contract/document";
import { ROUTES } from "@/lib/api/contract/routes";
import { TransactionStartRequestSchema } from "@/lib/api/contract/start-request";
import { startExamples } from "@/lib/api/contract/examples";
import { ApiError, ERROR_CODES, type ErrorCode } from "@/lib/errors/api-error";
import { ErrorSchema } from "@/lib/schemas/error";

describe("the OpenAPI document", () => {
  it("lints clean with Redocly's recommended-strict rules (no error, no warning; two rules off, see below)", async () => {
    const config = await createConfig({
      extends: ["recommended-strict"],
      rules: {
        // GET /v1/transaction/{id}/authorize is the shopper's browser link: it only redirects (303).
        "operation-2xx-response": "off",
        // GET /v1/openapi.json cannot fail for a client: it has no 4xx answer.
        "operation-4xx-response": "off",
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(buildOpenApiDocument()),
      absoluteRef: "/openapi.json",
      config,
    });
    const readable = problems.map((p) => `${p.ruleId} ${p.severity}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(readable).toEqual([]);
  }, 60_000);

  it("has every route of the contract, with an error response for each of its codes", () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, { responses: object }>> };
    for (const r of ROUTES) {
      const op = doc.paths[r.path]?.[r.method];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      for (const status of Object.keys(r.responses)) expect(op.responses).toHaveProperty(status);
    }
    expect(doc.paths["/v1/transaction/start"].post.responses).toHaveProperty("401");
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(15);
  });

  it("describes the webhook with its signature headers and both security schemes", () => {
    const doc = buildOpenApiDocument() as {
      webhooks: { transactionUpdate: { post: { parameters: { $ref: string }[] } } };
      components: {
        securitySchemes: object;
        schemas: Record<string, { discriminator?: { propertyName: string } }>;
      };
    };
    const hook = doc.webhooks.transactionUpdate.post;
    expect(hook.parameters.map((p) => p.$ref)).toEqual([
      "#/components/parameters/WebhookId",
      "#/components/parameters/WebhookTimestamp",
      "#/components/parameters/WebhookSignature",
    ]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["apiKey", "bearer"]);
    expect(doc.components.schemas.TransactionStart.discriminator?.propertyName).toBe("payment_product");
  });

  it("has examples that match their schemas", () => {
    for (const r of ROUTES) {
      for (const [status, res] of Object.entries(r.responses)) {
        if (res.schema && res.example !== undefined) {
          const parsed = res.schema.safeParse(res.example);
          expect(parsed.success, `${r.operationId} ${status}: ${parsed.error && z.prettifyError(parsed.error)}`).toBe(
            true,
          );
        }
      }
      if (r.body?.example !== undefined) expect(r.body.schema.safeParse(r.body.example).success).toBe(true);
    }
    for (const [product, body] of Object.entries(startExamples)) {
      const parsed = TransactionStartRequestSchema.safeParse(body);
      expect(parsed.success, `${product}: ${parsed.error && z.prettifyError(parsed.error)}`).toBe(true);
    }
  });

  it("describes the error object every ApiError produces", () => {
    const bodies = [
      ApiError.validation("transaction", { amount: "Must be at least 1" }).toBody(),
      ApiError.notFound("transaction", "x").toBody(),
      ...Object.keys(ERROR_CODES).map((c) => new ApiError(c as ErrorCode, "m").toBody()),
    ];
    for (const body of bodies) expect(ErrorSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });
});
