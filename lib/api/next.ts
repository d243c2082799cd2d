import type { Endpoint, EndpointResponse } from "@/lib/api/endpoint";
import { runEndpoint } from "@/lib/api/endpoint";

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
  if (res.body === undefined) return new Response(null, { status: res.status, headers });
  // A stream (Server-Sent Events) goes out as it is, with the endpoint's own headers.
  if (res.body instanceof ReadableStream) return new Response(res.body, { status: res.status, headers });
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");

  return new Response(JSON.stringify(res.body), { status: res.status, headers });
}
