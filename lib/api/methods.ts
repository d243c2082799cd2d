import type { EndpointResponse } from "@/lib/api/endpoint";
import { ApiError } from "@/lib/errors/api-error";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * What a route answers to: its own methods, HEAD with GET (unless the GET has effects, as the
 * approval_url's), and OPTIONS always.
 */
export function allowedMethods(own: readonly HttpMethod[], { headFromGet = true } = {}): HttpMethod[] {
  const allowed = new Set<HttpMethod>(own);
  if (allowed.has("GET") && headFromGet) allowed.add("HEAD");
  allowed.add("OPTIONS");
  return HTTP_METHODS.filter((m) => allowed.has(m));
}

/** 405 with the error object (code 103) and an `Allow` header listing what the route does answer. */
export function methodNotAllowed(method: string, path: string, allowed: readonly HttpMethod[]): EndpointResponse {
  const err = new ApiError("103", `${path} does not support ${method}; it supports ${allowed.join(", ")}.`, {
    method,
    allowed,
  });

  return { status: err.httpStatus, headers: { allow: allowed.join(", ") }, body: err.toBody() };
}

/** OPTIONS: 204 with `Allow` (no CORS: the API is called server to server). */
export function optionsResponse(allowed: readonly HttpMethod[]): EndpointResponse {
  return { status: 204, headers: { allow: allowed.join(", ") } };
}
