// Load and measurement: autocannon runs (programmatic), the loopback webhook receiver, and the
// webhook-lag driver (N dummy transactions, C in flight).
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { postText } from "../webhook-lag.mjs";

/**
 * One autocannon run. `paths` (array) rotates the request path (get/checkoutsuccess over many ids);
 * `makeBody` gives each request its own body.
 */
export async function hammer({
  url,
  method = "GET",
  path,
  paths,
  body,
  makeBody,
  headers,
  connections,
  duration,
  onResponse,
}) {
  let i = 0;
  const request = { method, path: path ?? paths[0], headers, ...(body ? { body } : {}) };
  if (paths || makeBody)
    request.setupRequest = (r) => ({
      ...r,
      ...(paths ? { path: paths[i++ % paths.length] } : {}),
      ...(makeBody ? { body: makeBody() } : {}),
    });
  if (onResponse) request.onResponse = onResponse;
  const result = await autocannon({ url, connections, duration, requests: [request], timeout: 30 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * A closed-loop load: `connections` loops, each sending the next request when its previous answer
 * arrived, until `duration` seconds have passed; every request is awaited (autocannon abandons the
 * ones in flight at its deadline, which a reconciliation cannot tell from lost ones).
 */
export async function closedLoop({ url, connections, duration, makeRequest, onResponse }) {
  const latencies = [];
  let bad = 0;
  const deadline = nowMs() + duration * 1000;
  const t0 = nowMs();
  const loop = async () => {
    while (nowMs() < deadline) {
      const { path, ...init } = makeRequest();
      const sent = nowMs();
      try {
        const r = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
        const text = await r.text();
        latencies.push(nowMs() - sent);
        if (r.status >= 300) bad++;
        onResponse?.(r.status, text);
      } catch {
        bad++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (nowMs() - t0) / 1000;
  const p = percentiles(latencies);
  return { rps: latencies.length / seconds, p50: p.p50, p99: p.p99, total: latencies.length, bad, seconds };
}

/** Epoch milliseconds with sub-millisecond precision. */
const nowMs = () => performance.timeOrigin + performance.now();

/**
 * The loopback webhook receiver: answers 200 at once and records, per delivery, the arrival
 * time, the `webhook-id` and the body. `waitFor(transactionId)` resolves at the first arrival.
 */
export async function startReceiver(port) {
  const arrivals = [];
  /** The first arrival per transaction id (waitFor looks there, not through every arrival). */
  const firstById = new Map();
  const waiters = new Map();
  const server = http.createServer((req, res) => {
    const at = nowMs();
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {}
      const a = { at, path: req.url, webhookId: String(req.headers["webhook-id"] ?? ""), body };
      arrivals.push(a);
      if (!firstById.has(body.id)) firstById.set(body.id, a);
      const w = waiters.get(body.id);
      if (w) {
        waiters.delete(body.id);
        w(a);
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    waitFor(id, timeoutMs) {
      const seen = firstById.get(id);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(id);
          resolve(null);
        }, timeoutMs);
        waiters.set(id, (a) => {
          clearTimeout(timer);
          resolve(a);
        });
      });
    },
    /** Stops the receiver; connections still open after `timeoutMs` are cut (never waits without end). */
    close: (timeoutMs = 3_000) =>
      new Promise((r) => {
        const t = setTimeout(() => {
          server.closeAllConnections();
          r();
        }, timeoutMs);
        server.close(() => {
          clearTimeout(t);
          r();
        });
        server.closeIdleConnections();
      }),
  };
}

/**
 * Webhook lag: `total` dummy transactions started with dummy_outcome AUTHORIZED (a status change
 * committed with the start), `inFlight` at a time; each loop waits for its webhook before the
 * next start. Lag = arrival at the receiver − the event's `last_status_update` (stamped just
 * before the commit, so this slightly over-states commit → arrival).
 */
export async function webhookLag({ baseUrl, apiKey, profile, customer, receiver, tag, total, inFlight, timeoutMs }) {
  const lags = [];
  const afterResponse = [];
  let missing = 0;
  let failed = 0;
  let next = 0;
  const t0 = nowMs();
  // node:http with one kept connection per loop: the driver shares the machine's two cores with
  // the server and PostgreSQL, and fetch (undici) cost it about 1.5 ms of CPU per start here,
  // as much as the server spends on the start and its webhook together.
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const body = JSON.stringify({
    payment_profile: profile,
    amount: 1234,
    customer,
    payment_product: "dummy",
    details: { dummy_outcome: "AUTHORIZED" },
    webhook_transaction_update: `${receiver.url}/${tag}`,
  });
  const loop = async () => {
    while (next < total) {
      next++;
      const r = await postText(
        `${baseUrl}/v1/transaction/start`,
        { apiKey, "content-type": "application/json" },
        body,
        agent,
      ).catch(() => null);
      const answered = nowMs();
      if (r?.status !== 201) {
        failed++;
        continue;
      }
      const a = await receiver.waitFor(JSON.parse(r.text).id, timeoutMs);
      if (!a) {
        missing++;
        continue;
      }
      lags.push(a.at - Date.parse(a.body.last_status_update));
      afterResponse.push(a.at - answered);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, loop));
  agent.destroy();
  return {
    ...percentiles(lags),
    afterResponse: percentiles(afterResponse),
    lags,
    afterResponseLags: afterResponse,
    delivered: lags.length,
    missing,
    failed,
    seconds: (nowMs() - t0) / 1000,
  };
}

export function percentiles(values) {
  if (!values.length) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1] };
}

export const median = (values) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
