import { ApiError } from "@/lib/errors/api-error";
import { findUnstorableStrings, readJsonBody } from "@/lib/api/body";
import { authenticate, type Auth } from "@/lib/auth/api-keys";
import { withIdempotency } from "@/lib/api/idempotency";
import { log } from "@/lib/log";

/**
 * A `/v1` endpoint written without any web framework: plain data in, plain data out. One adapter
 * (lib/api/next.ts) mounts it as a Next route handler; the same function can be mounted anywhere.
 */
export type EndpointRequest = {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON object, or undefined when the request had no body. */
  body: unknown;
  auth: Auth;
};

export type EndpointResponse = { status: number; headers?: Record<string, string>; body?: unknown };

export type EndpointOptions = {
  /** `apiKey` (default): the caller's organisation is resolved before the handler runs. */
  auth?: "apiKey";
  /** `required`: a JSON object body; `optional`: may be empty (→ {}); `none` (default): ignored. */
  body?: "required" | "optional" | "none";
  /** Honours an `Idempotency-Key` header (lib/api/idempotency.ts). */
  idempotent?: boolean;
};

export type Endpoint = {
  options: EndpointOptions;
  handle: (req: EndpointRequest) => Promise<EndpointResponse>;
};

export type RawRequest = {
  method: string;
  url: URL;
  headers: Headers;
  params: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
};

export function endpoint(options: EndpointOptions, handle: Endpoint["handle"]): Endpoint {
  return { options, handle };
}

export async function runEndpoint(ep: Endpoint, raw: RawRequest): Promise<EndpointResponse> {
  try {
    const auth = await authenticate(raw.headers);
    const badQuery = findUnstorableStrings(Object.fromEntries(raw.url.searchParams));
    if (Object.keys(badQuery).length) throw ApiError.validation("request", badQuery);
    let body: unknown;
    const mode = ep.options.body ?? "none";
    if (mode !== "none") {
      body = await readJsonBody(raw.headers, raw.body);
      if (body === undefined) {
        if (mode === "required") throw new ApiError("100", "A JSON request body is required.");
        body = {};
      }
    }

    const handle = () =>
      ep
        .handle({
          method: raw.method,
          params: raw.params,
          query: raw.url.searchParams,
          headers: raw.headers,
          body,
          auth,
        })
        .catch((err) => errorResponse(err, raw));
    const key = ep.options.idempotent ? raw.headers.get("idempotency-key") : null;
    if (key === null) return await handle();

    return await withIdempotency(
      { organisationId: auth.organisationId, key, endpoint: `${raw.method} ${raw.url.pathname}`, body },
      handle,
    );
  } catch (err) {
    return errorResponse(err, raw);
  }
}

/** The one mapper from anything thrown to the spec's error object. */
export function errorResponse(err: unknown, raw?: Pick<RawRequest, "method" | "url">): EndpointResponse {
  if (err instanceof ApiError) {
    return { status: err.httpStatus, headers: err.headers, body: err.toBody() };
  }
  log().error({ err, method: raw?.method, path: raw?.url.pathname }, "unexpected error");
  return {
    status: 500,
    body: new ApiError("199", "An internal error occurred. It has been logged; please try again.").toBody(),
  };
}
