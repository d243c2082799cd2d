import type { Endpoint, EndpointResponse } from "@/lib/api/endpoint";
import { runEndpoint } from "@/lib/api/endpoint";
import { newRequestId, REQUEST_ID_HEADER } from "@/lib/api/request-log";
import { allowedMethods, HTTP_METHODS, type HttpMethod, methodNotAllowed, optionsResponse } from "@/lib/api/methods";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** Mounts a transport-neutral endpoint as a Next.js route handler. */
export function route(ep: Endpoint) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const rawParams = (await ctx?.params) ?? {};
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawParams)) params[k] = Array.isArray(v) ? v.join("/") : v;
    const res = await runEndpoint(ep, {
      method: req.method,
      url: new URL(req.url),
      headers: req.headers,
      params,
      body: req.body,
    });

    return toResponse(res);
  };
}

export function toResponse(res: EndpointResponse): Response {
  const headers = new Headers(res.headers);
  // Answers given before an endpoint ran (404, 405, OPTIONS) get an id too.
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, newRequestId());
  if (res.body === undefined) return new Response(null, { status: res.status, headers });
  // A stream (Server-Sent Events) goes out as it is, with the endpoint's own headers.
  if (res.body instanceof ReadableStream) return new Response(res.body, { status: res.status, headers });
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");

  return new Response(JSON.stringify(res.body), { status: res.status, headers });
}

/**
 * For a /v1 route that answers with its own Response (the OpenAPI document, the approval_url's
 * redirect): adds the `Request-Id` header every /v1 response carries.
 */
export function withRequestId<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    const res = await handler(...args);
    if (res.headers.has(REQUEST_ID_HEADER)) return res;
    const headers = new Headers(res.headers);
    headers.set(REQUEST_ID_HEADER, newRequestId());
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each route types its own params
type Handler = (req: Request, ctx: any) => Promise<Response>;

/**
 * The handlers a route.ts exports for every method it does not implement: 405 with the error
 * object and `Allow`; HEAD from GET without the body; OPTIONS 204 with `Allow`. Usage:
 *   export const POST = route(createCustomerEndpoint);
 *   export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
 * `headFromGet: false` for a GET with effects (the approval_url): HEAD is refused, not run.
 */
export function otherMethods(
  own: Partial<Record<HttpMethod, Handler>>,
  { headFromGet = true } = {},
): Record<HttpMethod, Handler> {
  const allowed = allowedMethods(
    HTTP_METHODS.filter((m) => own[m]),
    { headFromGet },
  );
  const refuse: Handler = async (req) => toResponse(methodNotAllowed(req.method, new URL(req.url).pathname, allowed));
  const handlers = Object.fromEntries(HTTP_METHODS.map((m) => [m, own[m] ?? refuse])) as Record<HttpMethod, Handler>;
  const get = own.GET;
  if (get && !own.HEAD && headFromGet) {
    handlers.HEAD = async (req, ctx) => {
      const res = await get(new Request(req.url, { method: "GET", headers: req.headers }), ctx);
      return new Response(null, { status: res.status, headers: res.headers });
    };
  }
  if (!own.OPTIONS) handlers.OPTIONS = async () => toResponse(optionsResponse(allowed));

  return handlers;
}
