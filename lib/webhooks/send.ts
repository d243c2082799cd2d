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
 * socket for at most 15 s and nothing else. Each attempt gets its own connection (no keep-alive):
 * a pooled socket the receiver already closed would turn into a spurious failure.
 */
export function sendWebhook({
  url,
  headers,
  body,
  allowPrivate,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: SendOptions): Promise<SendResult> {
  const started = performance.now();

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let req: http.ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;

    const excerpt = () =>
      Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replaceAll("\u0000", "\uFFFD");
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
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
    const transport = target.protocol === "https:" ? https : http;
    req = transport.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: false,
      lookup: allowPrivate ? webhookLookup : guardedLookup,
    });
    req.on("error", (err) => finish(describeError(err)));
    req.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        if (received < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
        received += chunk.length;
        if (received >= RESPONSE_EXCERPT_BYTES) finish(null);
      });
      res.on("end", () => finish(null));
      res.on("error", () => finish(null));
    });
    req.end(body);
  });
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
