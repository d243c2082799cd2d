import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { MAX_BODY_BYTES } from "@/lib/api/body";
import { type Endpoint, type EndpointResponse, errorResponse, runEndpoint } from "@/lib/api/endpoint";
import { createCustomerEndpoint, getCustomerEndpoint } from "@/lib/api/endpoints/customers";
import {
  cancelEndpoint,
  captureEndpoint,
  checkoutSuccessEndpoint,
  getTransactionEndpoint,
  historyEndpoint,
  issuersEndpoint,
  listRefundsEndpoint,
  listTransactionsEndpoint,
  refundEndpoint,
  startTransactionEndpoint,
  voidEndpoint,
} from "@/lib/api/endpoints/transactions";
import { resendWebhookEventEndpoint, transactionWebhooksEndpoint } from "@/lib/api/endpoints/webhooks";
import { eventStreamEndpoint, listEventsEndpoint } from "@/lib/api/endpoints/events";
import {
  getPaymentProfileEndpoint,
  rotateWebhookSecretEndpoint,
  updatePaymentProfileEndpoint,
} from "@/lib/api/endpoints/payment-profiles";
import {
  advanceEndpoint,
  resetEndpoint,
  setStatusEndpoint,
  timelineEndpoint,
  webhookCheckEndpoint,
} from "@/lib/api/endpoints/sandbox";
import { authenticate } from "@/lib/auth/api-keys";
import { allowedMethods, HTTP_METHODS, type HttpMethod, methodNotAllowed, optionsResponse } from "@/lib/api/methods";
import { ApiError } from "@/lib/errors/api-error";
import { newRequestId, REQUEST_ID_HEADER } from "@/lib/api/request-log";
import { friendlyPage, SECURITY_HEADERS } from "@/lib/approval/html";

/** scripts/server.mjs drains the request log's buffer before the process exits, */
export { flushRequestLog } from "@/lib/api/request-log";
/** and refuses a body over the cap before `100 Continue`. */
export { MAX_BODY_BYTES } from "@/lib/api/body";

/**
 * The custom server's `/v1` path (scripts/server.mjs): node:http straight to the transport-neutral
 * endpoints, without Next and without web Request/Response objects. The same endpoints are
 * mounted as Next route handlers under app/v1 (next dev, plain next start); this table must name
 * the same routes (lib/api/node.test.ts checks it against app/v1).
 */

/** A route's methods; "next" hands the request to Next (the shopper's approval_url is a page redirect). */
type Methods = Partial<Record<string, Endpoint | "next">>;

/** Path patterns, segment by segment; ":id" matches one segment. */
export const ROUTES: [string, Methods][] = [
  ["/v1/transaction", { GET: listTransactionsEndpoint }],
  ["/v1/transaction/start", { POST: startTransactionEndpoint }],
  ["/v1/transaction/:id", { GET: getTransactionEndpoint }],
  ["/v1/transaction/:id/checkoutsuccess", { GET: checkoutSuccessEndpoint }],
  ["/v1/transaction/:id/history", { GET: historyEndpoint }],
  ["/v1/transaction/:id/capture", { POST: captureEndpoint }],
  ["/v1/transaction/:id/void", { POST: voidEndpoint }],
  ["/v1/transaction/:id/cancel", { POST: cancelEndpoint }],
  ["/v1/transaction/:id/refund", { POST: refundEndpoint }],
  ["/v1/transaction/:id/refunds", { GET: listRefundsEndpoint }],
  ["/v1/transaction/:id/webhooks", { GET: transactionWebhooksEndpoint }],
  ["/v1/transaction/:id/authorize", { GET: "next" }],
  ["/v1/customer", { POST: createCustomerEndpoint }],
  ["/v1/customer/:id", { GET: getCustomerEndpoint }],
  ["/v1/webhook-event/:id/resend", { POST: resendWebhookEventEndpoint }],
  ["/v1/issuers", { GET: issuersEndpoint }],
  ["/v1/payment-profile/:id", { GET: getPaymentProfileEndpoint, PATCH: updatePaymentProfileEndpoint }],
  ["/v1/payment-profile/:id/webhook-secret/rotate", { POST: rotateWebhookSecretEndpoint }],
  ["/v1/events", { GET: listEventsEndpoint }],
  ["/v1/events/stream", { GET: eventStreamEndpoint }],
  ["/v1/test/transaction/:id/advance", { POST: advanceEndpoint }],
  ["/v1/test/transaction/:id/status", { POST: setStatusEndpoint }],
  ["/v1/test/transaction/:id/timeline", { POST: timelineEndpoint }],
  ["/v1/test/webhook-check", { POST: webhookCheckEndpoint }],
  ["/v1/test/reset", { POST: resetEndpoint }],
  // The OpenAPI document is built by its Next route (app/v1/openapi.json).
  ["/v1/openapi.json", { GET: "next" }],
];

/** GETs whose HEAD is refused, as their Next routes do: the approval_url (it has effects), the event stream. */
const NO_HEAD = new Set<unknown>(["next", eventStreamEndpoint]);

const COMPILED = ROUTES.map(([pattern, methods]) => ({ parts: pattern.split("/"), methods }));

type Match = { methods: Methods; params: Record<string, string> } | { bad: true } | null;

function match(path: string): Match {
  const parts = path.split("/");
  for (const route of COMPILED) {
    if (route.parts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const want = route.parts[i];
      if (want.startsWith(":")) {
        if (parts[i] === "") ok = false;
        else {
          try {
            params[want.slice(1)] = decodeURIComponent(parts[i]);
          } catch {
            return { bad: true };
          }
        }
      } else ok = want === parts[i];
    }
    if (ok) return { methods: route.methods, params };
  }
  return null;
}

/** True when `url` belongs to the API (the custom server then calls handleApiRequest). */
export function isApiPath(url: string): boolean {
  return url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");
}

/**
 * Requests Next cannot take, answered before any handler (Next would answer them with a bare 500
 * or node:http with an empty 400): an HTTP/1.1 request without `Host`, a request target that is
 * not a path (`OPTIONS *`, garbage), and a page path that is not valid percent-encoding. An
 * absolute-form target (`GET http://host/v1/...`, which RFC 9112 §3.2.2 asks servers to accept) is
 * rewritten to its path and served as usual. Returns true when it answered.
 */
export function answerOddRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "";
  if (req.httpVersion === "1.1" && req.headers.host === undefined) {
    return send(req, res, failure(new ApiError("100", "An HTTP/1.1 request must carry a Host header.")), true);
  }
  if (url === "*") {
    if (req.method === "OPTIONS") return send(req, res, optionsResponse(HTTP_METHODS));
    return send(req, res, failure(new ApiError("100", `The request target * is only for OPTIONS.`)), true);
  }
  if (!url.startsWith("/")) {
    const absolute = URL.canParse(url) ? new URL(url) : null;
    if (!absolute || !/^https?:$/.test(absolute.protocol)) {
      return send(req, res, failure(new ApiError("100", "The request target is not a path or an http(s) URL.")), true);
    }
    req.url = absolute.pathname + absolute.search;
    req.headers.host = absolute.host;
  }
  const target = req.url ?? "/";
  if (isApiPath(target)) return false;
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const meant = disguisedApiPath(path);
  if (meant) return send(req, res, noEndpoint(req.method ?? "GET", path, ` Did you mean ${meant}?`), true);
  // Next answers a method it does not know (TRACE) with a bare 500: pages take the usual ones.
  if (!PAGE_METHODS.has(req.method ?? "")) {
    const page = friendlyPage({
      title: "Method not allowed",
      message: `This address does not accept ${String(req.method).slice(0, 20)} requests.`,
      status: 405,
    });
    page.headers.set("allow", [...PAGE_METHODS].join(", "));
    return sendPage(req, res, page);
  }
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    const page = friendlyPage({
      title: "Invalid address",
      message: "This address is not valid. Please check the link, or go back and try again.",
      status: 400,
    });
    return sendPage(req, res, page);
  }
}

const PAGE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function sendPage(req: IncomingMessage, res: ServerResponse, page: Response): true {
  req.resume();
  page.text().then((html) => {
    res.writeHead(page.status, { ...Object.fromEntries(page.headers), ...SECURITY_HEADERS, connection: "close" });
    res.end(req.method === "HEAD" ? undefined : html);
  });
  return true;
}

/**
 * A path that is an API path only once normalised: doubled slashes, backslashes, dot segments
 * (`//v1//transaction`, `/v1\transaction`, `/pay/../v1/customer`). Next would redirect it (a 308
 * with a plain-text body, which makes clients send a POST's body again) or serve it through its
 * own mount; it gets the API's 404 naming the path meant. Null for any other path.
 */
function disguisedApiPath(path: string): string | null {
  if (!/\/\/|\\|%2e|(^|\/)\.\.?(\/|$)/i.test(path)) return null;
  try {
    const normalised = new URL(path.replace(/\\/g, "/").replace(/\/{2,}/g, "/"), "http://localhost").pathname;
    return isApiPath(normalised) ? normalised : null;
  } catch {
    return null;
  }
}

/**
 * Answers one `/v1` request. Returns false when Next should serve it instead (the approval page
 * redirect, with or without a trailing slash, which Next takes off). Never throws, never answers
 * a bad request with 5xx: anything unexpected goes through the one error mapper.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const startedAt = performance.now();
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const method = req.method ?? "GET";
  if (path.length > 4 && path.endsWith("/")) return trailingSlash(req, res, method, path);
  try {
    const found = match(path);
    if (found && "bad" in found) {
      return send(req, res, failure(new ApiError("100", "The request path is not valid percent-encoding.", { path })));
    }
    if (!found) return send(req, res, noEndpoint(method, path));
    const own = Object.keys(found.methods) as HttpMethod[];
    // The approval_url's GET has effects: no HEAD for it (as its Next route).
    const allowed = allowedMethods(own, { headFromGet: !NO_HEAD.has(found.methods.GET) });
    if (method === "OPTIONS") return send(req, res, optionsResponse(allowed));
    if (!(allowed as string[]).includes(method)) return send(req, res, methodNotAllowed(method, path, allowed));
    const ep = found.methods[method === "HEAD" ? "GET" : method];
    if (ep === "next") return false;
    if (!ep) return send(req, res, methodNotAllowed(method, path, allowed));

    const headers = {
      get(name: string): string | null {
        const v = req.headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
      },
    };
    const mode = ep.options.body ?? "none";
    let body: Uint8Array | null = null;
    if (mode === "none") req.resume();
    else {
      body = await readBody(req);
      // Over the cap: the same answer, in the same order (the key first), as the Next mount.
      if (body === null) {
        const out = await authenticate(headers).then(
          () => failure(tooLargeError()),
          (err) => errorResponse(err),
        );
        return send(req, res, out, true);
      }
    }
    let parsed: URL;
    try {
      parsed = new URL(url, "http://localhost");
    } catch {
      return send(req, res, failure(new ApiError("100", "The request URL is malformed.")));
    }
    const out = await runEndpoint(ep, { method, url: parsed, headers, params: found.params, body, startedAt });
    return send(req, res, out);
  } catch (err) {
    if (err === CLIENT_GONE) {
      res.destroy();
      return true;
    }
    return send(req, res, errorResponse(err, { method, url: new URL(`http://localhost${path}`) }));
  }
}

const failure = (err: ApiError): EndpointResponse => ({
  status: err.httpStatus,
  headers: err.headers,
  body: err.toBody(),
});

function noEndpoint(method: string, path: string, hint = ""): EndpointResponse {
  return failure(new ApiError("120", `No endpoint ${method} ${path}.${hint}`, { resource: "endpoint", id: path }));
}

/**
 * `/v1/transaction/start/`: the shopper's approval_url goes to Next, which redirects to the path
 * without the slash; an API call gets the 404 error object naming the path it meant (a redirect
 * would send a POST's body twice through clients that follow it, and hide the typo).
 */
function trailingSlash(req: IncomingMessage, res: ServerResponse, method: string, path: string): boolean {
  const meant = path.replace(/\/+$/, "");
  const found = match(meant);
  const known = found !== null && "methods" in found;
  // Only the shopper's approval_url (a browser follows Next's redirect); not the OpenAPI document.
  if (known && found.methods.GET === "next" && method === "GET" && meant.endsWith("/authorize")) return false;
  req.resume();
  return send(req, res, noEndpoint(method, path, known ? ` Did you mean ${meant} (without the trailing slash)?` : ""));
}

function tooLargeError() {
  return new ApiError("102", `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, {
    limit_bytes: MAX_BODY_BYTES,
  });
}

/**
 * The body's bytes, or null as soon as it is over the cap (declared or streamed): the 413 is sent
 * at once with `Connection: close`, and node:http drops whatever the client still sends.
 */
function readBody(req: IncomingMessage): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "NaN");
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off("data", onData);
        chunks.length = 0;
        req.resume();
        return resolve(null);
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks, size)));
    // The client went away mid-body (its error is ECONNRESET, which must not read as the database's).
    req.on("error", () => reject(CLIENT_GONE));
  });
}

const CLIENT_GONE = new Error("the client closed the connection before its body ended");

function send(req: IncomingMessage, res: ServerResponse, out: EndpointResponse, close = false): true {
  if (res.headersSent || res.destroyed) return true;
  const headers: Record<string, string> = { ...SECURITY_HEADERS, ...out.headers };
  // Answers given before an endpoint ran (404, 405, OPTIONS, 413, a bad path) get an id too.
  headers[REQUEST_ID_HEADER] ??= newRequestId();
  if (close) headers.connection = "close";
  if (out.body === undefined) {
    res.writeHead(out.status, headers);
    res.end();
    return true;
  }
  // A stream (Server-Sent Events) goes out as it is, with the endpoint's own headers.
  if (out.body instanceof ReadableStream) {
    res.writeHead(out.status, headers);
    const stream = Readable.fromWeb(out.body as WebReadableStream<Uint8Array>);
    res.on("close", () => stream.destroy());
    stream.on("error", () => res.destroy());
    stream.pipe(res);
    return true;
  }
  const json = JSON.stringify(out.body);
  headers["content-type"] = "application/json; charset=utf-8";
  headers["cache-control"] = "no-store";
  headers["content-length"] = String(Buffer.byteLength(json));
  res.writeHead(out.status, headers);
  res.end(req.method === "HEAD" ? undefined : json);
  return true;
}
