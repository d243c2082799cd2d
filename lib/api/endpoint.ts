import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { findUnstorableStrings, readJsonBody } from "@/lib/api/body";
import { authenticate, type Auth, type HeaderReader } from "@/lib/auth/api-keys";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { withIdempotency } from "@/lib/api/idempotency";
import { log } from "@/lib/log";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { newRequestId, recordRequest, REQUEST_ID_HEADER } from "@/lib/api/request-log";

/**
 * A `/v1` endpoint written without any web framework: plain data in, plain data out. One adapter
 * (lib/api/next.ts) mounts it as a Next route handler; the same function can be mounted anywhere.
 */
export type EndpointRequest = {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: HeaderReader;
  /** The parsed JSON object, or undefined when the request had no body. */
  body: unknown;
  auth: Auth;
  /**
   * With an Idempotency-Key: the id the request's new resource must take, fixed when the key was
   * taken (lib/api/idempotency.ts). Undefined without a key: the endpoint picks a fresh one.
   */
  effectId?: string;
  /**
   * Parses `input` (the body, or the query as an object) with `schema`, or throws a 101 naming the
   * endpoint's `resource`: the one name every check of this endpoint uses.
   */
  parse: <S extends z.ZodType>(schema: S, input: unknown) => z.output<S>;
};

export type EndpointResponse = { status: number; headers?: Record<string, string>; body?: unknown };

export type EndpointOptions = {
  /** `apiKey` (default): the caller's organisation is resolved before the handler runs. */
  auth?: "apiKey";
  /** `required`: a JSON object body; `optional`: may be empty (→ {}); `none` (default): ignored. */
  body?: "required" | "optional" | "none";
  /** Honours an `Idempotency-Key` header (lib/api/idempotency.ts). */
  idempotent?: boolean;
  /**
   * The `resource` a 101 names when the body or query fails before the endpoint's schema sees it
   * (an amount written as `1000.0`, a NUL character, a repeated parameter): the same name the
   * schema's own 101 uses, so one field's error never depends on which check caught it.
   */
  resource?: string;
  /**
   * For an idempotent endpoint that creates a resource: its answer for the resource with id
   * `effectId` when that exists (created by a request cut off before it could answer), else null.
   */
  recover?: (req: { effectId: string; auth: Auth; params: Record<string, string> }) => Promise<EndpointResponse | null>;
};

export type Endpoint = {
  options: EndpointOptions;
  handle: (req: EndpointRequest) => Promise<EndpointResponse>;
};

export type RawRequest = {
  method: string;
  url: URL;
  headers: HeaderReader;
  params: Record<string, string>;
  /** A web stream (Next mount), or the bytes already read within the size cap (custom server). */
  body: ReadableStream<Uint8Array> | Uint8Array | null;
  /** performance.now() when the request arrived (default: when runEndpoint starts). */
  startedAt?: number;
};

export function endpoint(options: EndpointOptions, handle: Endpoint["handle"]): Endpoint {
  return { options, handle };
}

/**
 * Runs an endpoint for one request: authentication, rate limit, body, idempotency, the handler,
 * errors mapped to the error object. Every answer carries a fresh `Request-Id` header; an
 * authenticated request is also queued for the organisation's request log (lib/api/request-log.ts:
 * a push into an in-memory buffer, written later in batches, never awaited here).
 */
export async function runEndpoint(ep: Endpoint, raw: RawRequest): Promise<EndpointResponse> {
  const startedAt = raw.startedAt ?? performance.now();
  const createdAt = new Date(Date.now() - (performance.now() - startedAt));
  const seen: Seen = { auth: undefined, body: undefined };
  const out = await run(ep, raw, seen);
  const requestId = newRequestId();
  if (seen.auth) {
    recordRequest({
      organisationId: seen.auth.organisationId,
      requestId,
      method: raw.method,
      path: raw.url.pathname,
      query: raw.url.search.slice(1),
      status: out.status,
      replayed: out.headers?.["Idempotent-Replayed"] === "true",
      durationMs: performance.now() - startedAt,
      createdAt,
      requestBody: seen.body,
      responseBody: out.body,
    });
  }

  return { status: out.status, headers: { ...out.headers, [REQUEST_ID_HEADER]: requestId }, body: out.body };
}

/** What run() learnt on the way, for the request log: the caller, once authenticated, and the body. */
type Seen = { auth: Auth | undefined; body: unknown };

async function run(ep: Endpoint, raw: RawRequest, seen: Seen): Promise<EndpointResponse> {
  try {
    const auth = await authenticate(raw.headers);
    seen.auth = auth;
    enforceRateLimit(auth.apiKeyId);
    const badQuery = {
      ...repeatedParameters(raw.url.searchParams),
      ...findUnstorableStrings(Object.fromEntries(raw.url.searchParams)),
    };
    const resource = ep.options.resource ?? "request";
    if (Object.keys(badQuery).length) throw ApiError.validation(resource, badQuery);
    let body: unknown;
    const mode = ep.options.body ?? "none";
    if (mode !== "none") {
      body = await readJsonBody(raw.headers, raw.body, resource);
      if (body === undefined) {
        if (mode === "required") throw new ApiError("100", "A JSON request body is required.");
        body = {};
      }
      seen.body = body;
    }

    const handle = (effectId?: string) =>
      ep
        .handle({
          method: raw.method,
          params: raw.params,
          query: raw.url.searchParams,
          headers: raw.headers,
          body,
          auth,
          effectId,
          parse: (schema, input) => parseInput(schema, input, resource),
        })
        .catch((err) => errorResponse(err, raw));
    const key = ep.options.idempotent ? raw.headers.get("idempotency-key") : null;
    if (key === null) return await handle();
    const recover = ep.options.recover;

    return await withIdempotency(
      { organisationId: auth.organisationId, key, endpoint: `${raw.method} ${raw.url.pathname}`, body },
      handle,
      recover && ((effectId) => recover({ effectId, auth, params: raw.params })),
    );
  } catch (err) {
    return errorResponse(err, raw);
  }
}

/** Seconds a client is asked to wait when the database is unavailable. */
const RETRY_AFTER_S = 1;

/**
 * The one mapper from anything thrown to the spec's error object. The database being unreachable
 * or out of connections is 503 with Retry-After (code 199): the request did nothing and may be
 * retried as it is.
 */
export function errorResponse(err: unknown, raw?: Pick<RawRequest, "method" | "url">): EndpointResponse {
  if (err instanceof ApiError) {
    return { status: err.httpStatus, headers: err.headers, body: err.toBody() };
  }
  if (isDatabaseUnavailable(err)) {
    log().warn({ err: (err as Error)?.message, method: raw?.method, path: raw?.url.pathname }, "database unavailable");
    return {
      status: 503,
      headers: { "Retry-After": String(RETRY_AFTER_S) },
      body: new ApiError("199", "The service is temporarily unavailable; retry shortly.", {
        retry_after_seconds: RETRY_AFTER_S,
      }).toBody(),
    };
  }
  log().error({ err, method: raw?.method, path: raw?.url.pathname }, "unexpected error");
  return {
    status: 500,
    body: new ApiError("199", "An internal error occurred. It has been logged; please try again.").toBody(),
  };
}

/**
 * Query parameters given more than once (`?status=A&status=B`). Every /v1 filter takes one value;
 * reading only the last one would answer a different question than the one asked.
 */
function repeatedParameters(query: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of new Set(query.keys()))
    if (query.getAll(key).length > 1) found[key] = "Given more than once: give each query parameter once";
  return found;
}
