import createClient, { type Client, type Middleware } from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { components, paths } from "@/lib/client/generated/payrail-api";

/**
 * Payrail's typed client: openapi-fetch over the types generated from the OpenAPI document
 * (lib/client/generated, `npm run client:generate`), plus what a generator does not write: the
 * apiKey header, Idempotency-Key, errors as exceptions, and webhook verification.
 *
 *   const payrail = createPayrailClient({ baseUrl, apiKey });
 *   const tx = await unwrap(payrail.POST("/v1/transaction/start", { body, params: idempotencyKey("order-42") }));
 */

type Schemas = components["schemas"];
export type Transaction = Schemas["Transaction"];
export type Customer = Schemas["Customer"];
export type CustomerCreate = Schemas["CustomerCreate"];
export type CheckoutSuccess = Schemas["CheckoutSuccess"];
export type Issuer = Schemas["Issuer"];
export type TransactionStart = Schemas["TransactionStart"];
type WebhookPayload = Schemas["WebhookPayload"];
export type ApiErrorBody = Schemas["Error"];
export type PayrailApi = Client<paths>;

export type PayrailClientOptions = {
  /** Payrail's origin, e.g. `http://localhost:3000` (paths start with /v1). */
  baseUrl: string;
  apiKey: string;
  /** Per-request time limit (default 15 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createPayrailClient({
  baseUrl,
  apiKey,
  timeoutMs = 15_000,
  fetch: f,
}: PayrailClientOptions): PayrailApi {
  const baseFetch = f ?? globalThis.fetch;
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/$/, ""),
    headers: { accept: "application/json" },
    // Every call: a time limit, never a cached answer, and redirects returned rather than followed.
    fetch: (request: Request) =>
      baseFetch(request, { signal: AbortSignal.timeout(timeoutMs), cache: "no-store", redirect: "manual" }),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set("apiKey", apiKey);
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** `params` for a POST that may be retried safely: the same key replays the first answer (24 h). */
export const idempotencyKey = (key: string) => ({ header: { "Idempotency-Key": key } });

/** A failed call: `status` 0 when Payrail could not be reached; `code` is the error object's. */
export class PayrailError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorBody["details"],
  ) {
    super(message);
    this.name = "PayrailError";
  }

  /** `details.invalid_fields` of a 101, e.g. `{"details.issuer": "Required"}`. */
  get invalidFields(): Record<string, string> {
    return this.details?.invalid_fields ?? {};
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The body of a successful call, or a PayrailError (the error object's code, message and details). */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (err) {
    throw new PayrailError(0, "network", `Payrail could not be reached: ${(err as Error).message}`);
  }
  const { data, error, response } = result;
  if (response.ok && data !== undefined) return data;
  const e = (error ?? {}) as Partial<ApiErrorBody>;
  throw new PayrailError(
    response.status,
    typeof e.code === "string" ? e.code : "",
    typeof e.message === "string" ? e.message : `Payrail answered HTTP ${response.status}`,
    e.details && typeof e.details === "object" ? e.details : undefined,
  );
}

export { WebhookVerificationError } from "standardwebhooks";

/** A signed body that verified but is not a webhook body this client knows. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookPayloadError";
  }
}

export type PayrailEvent = {
  /** `webhook-id`: the same on every retry of the event; use it to drop duplicates. */
  webhookId: string;
  /** When this attempt was signed. */
  timestamp: Date;
  payload: WebhookPayload;
};

const header = (headers: Headers | Record<string, string | string[] | undefined>, name: string): string => {
  if (headers instanceof Headers) return headers.get(name) ?? "";
  const v = headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};

/**
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, HMAC-SHA256 with the profile's `whsec_` secret) on the RAW body, then
 * returns the typed event. Throws WebhookVerificationError for a bad or stale signature and
 * WebhookPayloadError for a signed body of an unknown shape.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
): PayrailEvent {
  const signed = {
    "webhook-id": header(headers, "webhook-id"),
    "webhook-timestamp": header(headers, "webhook-timestamp"),
    "webhook-signature": header(headers, "webhook-signature"),
  };
  const body = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
  new Webhook(secret).verify(body, signed, { jsonParse: false });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookPayloadError("The body is not JSON.");
  }
  if (!isPayload(json)) throw new WebhookPayloadError("Unexpected webhook body.");
  return {
    webhookId: signed["webhook-id"],
    timestamp: new Date(Number(signed["webhook-timestamp"]) * 1000),
    payload: json,
  };
}

function isPayload(v: unknown): v is WebhookPayload {
  if (!v || typeof v !== "object") return false;
  const p = v as Record<string, unknown>;
  const strings = ["id", "status", "status_reason", "amount", "merchant_reference", "last_status_update"];
  if (p.type !== "transaction" && p.type !== "refund") return false;
  if (p.type === "refund" && typeof p.transaction !== "string") return false;
  return strings.every((k) => typeof p[k] === "string") && !Number.isNaN(Date.parse(String(p.last_status_update)));
}
