import http from "node:http";
import https from "node:https";
import { webhookLookup } from "@/lib/webhooks/resolve";
import { assertLiteralHostAllowed, guardedLookup } from "@/lib/webhooks/url-guard";

export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_EXCERPT_BYTES = 1024;

export type SendOptions = {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: when false, only public addresses are connected to. */
  allowPrivate: boolean;
  timeoutMs?: number;
};

export type SendResult = {
  /** The receiver's HTTP status, or null when no response arrived. */
  statusCode: number | null;
  /** Why no response arrived (refused target, network error, timeout); null when one did. */
  error: string | null;
  durationMs: number;
  /** The first 1 KiB of the response body. */
  responseExcerpt: string;
};

/**
 * One POST to a webhook receiver. It never throws and never waits longer than the timeout, for
 * connecting, the response and the excerpt together. Redirects are not followed (a 3xx is just a
 * status), and only the first 1 KiB of the response is read before the connection is closed, so
 * a receiver that hangs, resets, redirects to an internal address or streams a huge body costs one
 * socket for at most 15 s and nothing else.
 *
 * Connections are kept alive between attempts to the same receiver (KEEP_ALIVE): a new TCP
 * connection per webhook costs both sides a handshake, and on a busy receiver that was most of the
 * webhook's lag. A connection is only reused when the previous response ended within the excerpt;
 * an idle one is closed after FREE_SOCKET_MS, shorter than common servers' keep-alive timeouts
 * (Node's is 5 s). Should the receiver close a reused connection just as the attempt is sent (the
 * one race of keep-alive: nothing was answered), the attempt is sent again once on a new
 * connection, as Node's documentation advises, instead of being logged as a spurious failure.
 */
export function sendWebhook({
  url,
  headers,
  body,
  allowPrivate,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: SendOptions): Promise<SendResult> {
  const started = performance.now();
  let reuse = true;

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let req: http.ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    let responseEnded = false;

    const excerpt = () =>
      Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replaceAll("\u0000", "\uFFFD");
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A response read to its end leaves the connection to the agent for the next attempt.
      if (!responseEnded) req?.destroy();
      // Once a status line arrived, the attempt's outcome is that status, whatever happens to the body.
      resolve({
        statusCode,
        error: statusCode === null ? (error ?? "No response") : null,
        durationMs: Math.round(performance.now() - started),
        responseExcerpt: excerpt(),
      });
    };

    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== "http:" && target.protocol !== "https:")
        throw new Error(`Unsupported protocol ${target.protocol}`);
      if (!allowPrivate) assertLiteralHostAllowed(target);
    } catch (err) {
      return finish(describeError(err));
    }

    timer = setTimeout(() => finish(`Timeout: no response within ${timeoutMs} ms`), timeoutMs);
    const send = () => {
      const https_ = target.protocol === "https:";
      const r = (https_ ? https : http).request(target, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: reuse ? (https_ ? KEEP_ALIVE.https : KEEP_ALIVE.http) : false,
        lookup: allowPrivate ? webhookLookup : guardedLookup,
      });
      req = r;
      r.on("error", (err) => {
        if (r.reusedSocket && statusCode === null && !settled && isClosedByPeer(err)) {
          reuse = false;
          return send();
        }
        finish(describeError(err));
      });
      r.on("response", (res) => {
        statusCode = res.statusCode ?? null;
        res.on("data", (chunk: Buffer) => {
          if (received < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          received += chunk.length;
          if (received >= RESPONSE_EXCERPT_BYTES) finish(null);
        });
        res.on("end", () => {
          responseEnded = !settled;
          finish(null);
        });
        res.on("error", () => finish(null));
      });
      r.end(body);
    };
    send();
  });
}

/** Idle connections to receivers are closed after this long (below Node's 5 s server default). */
const FREE_SOCKET_MS = 4_000;

/** One agent per protocol, per process (on globalThis: the /v1 bundle and Next's chunks share them). */
const g = globalThis as unknown as { payrailWebhookAgents?: { http: http.Agent; https: https.Agent } };
g.payrailWebhookAgents ??= {
  http: new http.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
  https: new https.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
};
const KEEP_ALIVE = g.payrailWebhookAgents;

/** The receiver closed a reused connection before answering (the keep-alive race). */
function isClosedByPeer(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED";
}

/** `connect ECONNREFUSED 127.0.0.1:9`, `ECONNRESET: socket hang up`, `Refused: localhost resolves to ...`. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  // Node reports a failed connect to several addresses as an AggregateError with an empty message.
  const message =
    err.message ||
    (err instanceof AggregateError ? err.errors.map((e) => (e as Error).message).join("; ") : "") ||
    err.name;
  // The system's error codes say what happened on the wire; Node's own ERR_* codes add nothing.
  if (!code || code.startsWith("ERR_") || code === "EWEBHOOKBLOCKED" || message.includes(code)) return message;

  return `${code}: ${message}`;
}
