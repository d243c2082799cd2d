import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors/api-error";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { ErrorSchema } from "@/lib/schemas/error";
import { WebhookPayloadSchema } from "@/lib/schemas/webhook";
import { transactionEventExample } from "@/lib/api/contract/examples";
import { ROUTES } from "@/lib/api/contract/routes";
import type { RouteContract } from "@/lib/api/contract/types";

type Json = Record<string, unknown>;

/** Descriptions of the routes' tags (a tag without one is described by its name). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Customers: "The shoppers who pay. A transaction can also create its customer inline.",
  Transactions: "Start a payment, follow its status, and list transactions.",
  Operations: "Capture, void, cancel and refund.",
  Webhooks: "Signed notifications of every status change, their delivery log and resends.",
  Contract: "This document.",
};

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Every /v1 response carries it (lib/api/request-log.ts). */
const REQUEST_ID = { $ref: "#/components/headers/RequestId" };

/** The schema's id in zod's global registry (`.meta({ id })`), registering one if it has none. */
function schemaId(schema: z.ZodType, fallback: string): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === "string") return id;
  schema.register(z.globalRegistry, { ...(z.globalRegistry.get(schema) ?? {}), id: fallback });
  return fallback;
}

/** A representative error object per code, for the examples of each error response. */
function errorExample(code: ErrorCode): Json {
  const examples: Partial<Record<ErrorCode, Json>> = {
    "101": {
      code: "101",
      message: "The transaction is invalid: amount: Must be at least 1 (and 1 more).",
      details: {
        resource: "transaction",
        invalid_fields: { amount: "Must be at least 1", "details.issuer": "Required" },
      },
    },
    "120": {
      code: "120",
      message: 'No transaction with id "0f6c2a8e-6d7b-4f51-9a3c-2b1e0d9c8a7f".',
      details: { resource: "transaction", id: "0f6c2a8e-6d7b-4f51-9a3c-2b1e0d9c8a7f" },
    },
    "130": {
      code: "130",
      message: "The transaction is SETTLEMENT_COMPLETED; this operation needs AUTHORIZED.",
      details: { resource: "transaction", id: "0f6c2a8e-6d7b-4f51-9a3c-2b1e0d9c8a7f" },
    },
  };
  return examples[code] ?? { code, message: `${ERROR_CODES[code].title}.` };
}

/** Error codes a route can answer: its own plus those that follow from auth, body and idempotency. */
function routeErrorCodes(route: RouteContract): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors ?? []);
  if ((route.auth ?? "apiKey") === "apiKey") {
    codes.add("110");
    codes.add("111");
  }
  if (route.body) {
    codes.add("100");
    codes.add("101");
    codes.add("102");
  }
  if (route.query) codes.add("101");
  if (route.idempotent) {
    codes.add("131");
    codes.add("132");
  }
  if ((route.auth ?? "apiKey") === "apiKey") {
    codes.add("140"); // rate limit per API key (lib/api/rate-limit.ts)
    codes.add("199");
  }
  return [...codes].sort();
}

function queryParameters(query: z.ZodObject): Json[] {
  return Object.entries(query.shape).map(([name, field]) => {
    const schema = z.toJSONSchema(field as z.ZodType, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
    const { $schema: _drop, description, ...rest } = schema as Json;
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(route: RouteContract): Json {
  const parameters: Json[] = [];
  for (const name of route.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    parameters.push({
      name,
      in: "path",
      required: true,
      description: route.pathParams?.[name] ?? name,
      schema: { type: "string" },
    });
  }
  if (route.query) parameters.push(...queryParameters(route.query));
  if (route.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

  const responses: Json = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const headers: Json = {};
    for (const [name, h] of Object.entries(r.headers ?? {})) {
      headers[name] = { description: h.description, required: h.required ?? false, schema: { type: "string" } };
    }
    if (route.idempotent && Number(status) < 300)
      headers["Idempotent-Replayed"] = { $ref: "#/components/headers/IdempotentReplayed" };
    headers["Request-Id"] = REQUEST_ID;
    const content = r.schema
      ? {
          "application/json": {
            schema: ref(schemaId(r.schema, `${route.operationId}Response${status}`)),
            ...(r.example === undefined ? {} : { example: r.example }),
          },
        }
      : r.contentType
        ? { [r.contentType]: { schema: { type: "string" } } }
        : undefined;
    responses[status] = {
      description: r.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(route)) {
    const http = ERROR_CODES[code].http;
    byStatus.set(http, [...(byStatus.get(http) ?? []), code]);
  }
  for (const [http, codes] of byStatus) {
    const examples = Object.fromEntries(
      codes.map((c) => [`e${c}`, { summary: `${c}: ${ERROR_CODES[c].title}`, value: errorExample(c) }]),
    );
    responses[String(http)] = {
      description: codes.map((c) => `${c}: ${ERROR_CODES[c].title}`).join("; "),
      headers: {
        "Request-Id": REQUEST_ID,
        ...(http === 429 ? { "Retry-After": { description: "Seconds to wait", schema: { type: "string" } } } : {}),
      },
      content: { "application/json": { schema: ref("Error"), examples } },
    };
  }

  if ((route.auth ?? "apiKey") === "apiKey") {
    // Database unreachable or out of connections (lib/api/endpoint.ts). A POST may still have
    // committed just as the connection failed: retried with its Idempotency-Key, it is never done twice.
    responses["503"] = {
      description:
        "199: Service unavailable (the database); retry after Retry-After. A POST may have gone through: retry it with the same Idempotency-Key",
      headers: {
        "Request-Id": REQUEST_ID,
        "Retry-After": { description: "Seconds to wait", schema: { type: "string" } },
      },
      content: {
        "application/json": {
          schema: ref("Error"),
          example: {
            code: "199",
            message: "The service is temporarily unavailable; retry shortly.",
            details: { retry_after_seconds: 1 },
          },
        },
      },
    };
  }

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...((route.auth ?? "apiKey") === "none" ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.body.required,
            ...(route.body.required ? {} : { description: "May be empty (read as `{}`)." }),
            content: {
              "application/json": {
                schema: ref(schemaId(route.body.schema, `${route.operationId}Request`)),
                ...(route.body.example === undefined ? {} : { example: route.body.example }),
                ...(route.body.examples ? { examples: route.body.examples } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** `discriminator` for the per-product start request (zod emits the oneOf, OpenAPI adds the mapping). */
function addDiscriminators(schemas: Record<string, Json>) {
  const start = schemas.TransactionStart;
  if (start) {
    start.discriminator = {
      propertyName: "payment_product",
      mapping: Object.fromEntries(PAYMENT_PRODUCTS.map((p) => [p, `#/components/schemas/TransactionStart_${p}`])),
    };
  }
  const payload = schemas.WebhookPayload;
  if (payload) {
    payload.discriminator = {
      propertyName: "type",
      mapping: {
        transaction: "#/components/schemas/TransactionEventPayload",
        refund: "#/components/schemas/RefundEventPayload",
      },
    };
  }
}

/**
 * The OpenAPI 3.1 document of the public API, generated from ROUTES and the zod schemas they name
 * (zod 4's own JSON Schema output, draft 2020-12, which is OpenAPI 3.1's dialect).
 */

export function buildOpenApiDocument(serverUrl = "/"): Json {
  schemaId(ErrorSchema, "Error");
  schemaId(WebhookPayloadSchema, "WebhookPayload");
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = operation(route);
  }

  const generated = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas as Record<string, Json>;
  const schemas: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(generated)) {
    const { $schema: _s, $id: _i, id: _id, ...rest } = schema;
    schemas[id] = rest;
  }
  addDiscriminators(schemas);

  const tags = [...new Set(ROUTES.map((r) => r.tag))].map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? name,
  }));

  return {
    openapi: "3.1.1",
    info: {
      title: "Payrail API",
      version: "1.0.0",
      description:
        "Payrail, a sandbox-first payment transaction service. Amounts are integers in minor units (cents) in " +
        "requests and strings in responses. Every non-2xx JSON answer is the error object (`Error`).",
      license: { name: "Proprietary", identifier: "LicenseRef-Payrail" },
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: serverUrl, description: "This server" }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags,
    paths,
    webhooks: {
      transactionUpdate: {
        post: {
          operationId: "transactionUpdateWebhook",
          summary: "A transaction or refund changed status",
          description:
            "POSTed to `webhook_transaction_update` (the transaction's, else the payment profile's), signed with the " +
            "Standard Webhooks scheme: verify the raw body with your profile's `webhook_secret`. Retried for about " +
            "28 hours until the receiver answers 2xx; `webhook-id` is the same on every retry.",
          security: [],
          tags: ["Webhooks"],
          parameters: [
            { $ref: "#/components/parameters/WebhookId" },
            { $ref: "#/components/parameters/WebhookTimestamp" },
            { $ref: "#/components/parameters/WebhookSignature" },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("WebhookPayload"), example: transactionEventExample } },
          },
          responses: {
            "200": { description: "Received (any 2xx). Anything else, or no answer in time, is retried." },
            "410": { description: "Gone: stop sending this event (no more retries)." },
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "apiKey",
          description: "Your API key (`npm run merchant -- create`).",
        },
        bearer: { type: "http", scheme: "bearer", description: "The same API key as a Bearer token." },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Any unique string (at most 255 characters). A retry with the same key and body gets the first answer " +
            "again (for 24 hours); the same key with another body is 131, while the first is running 132.",
          schema: { type: "string", maxLength: 255 },
        },
        WebhookId: {
          name: "webhook-id",
          in: "header",
          required: true,
          description: "The event's id, the same on every retry and resend: use it to drop duplicates.",
          schema: { type: "string" },
        },
        WebhookTimestamp: {
          name: "webhook-timestamp",
          in: "header",
          required: true,
          description: "Unix time in seconds of this attempt.",
          schema: { type: "string", pattern: "^[0-9]+$" },
        },
        WebhookSignature: {
          name: "webhook-signature",
          in: "header",
          required: true,
          description: "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` (Standard Webhooks).",
          schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
        },
      },
      headers: {
        RequestId: {
          description:
            "This request's id (`req_` + 24 hex characters), on every /v1 response: it finds the request in the dashboard's request log. A Request-Id sent by the client is ignored.",
          schema: { type: "string", pattern: "^req_[0-9a-f]{24}$" },
        },
        IdempotentReplayed: {
          description: '"true" when this answer is the replay of an earlier request with the same Idempotency-Key.',
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
  };
}
