// Webhook lag: from the commit of a status change to a loopback receiver having the webhook.
// Starts `transactions` dummy transactions (dummy_outcome AUTHORIZED: the status change commits
// with the start) with at most `inFlight` starts outstanding, and for each webhook takes
// arrival time − the change's last_status_update (set just before the commit, so the figure is
// an upper bound on commit → receiver).
//
//   node scripts/webhook-lag.mjs --base http://localhost:3000 --key sk_test_... --profile <uuid>
//        [--transactions 200] [--in-flight 20]
// or, from a bench: import { measureWebhookLag } from "./webhook-lag.mjs".
// The server must allow loopback webhooks (WEBHOOK_ALLOW_PRIVATE_NETWORKS, the default outside production).
import http from "node:http";
import { parseArgs } from "node:util";

export async function measureWebhookLag({ base, key, profile, transactions = 200, inFlight = 20 }) {
  const arrivals = new Map();
  let resolveAll;
  const all = new Promise((r) => {
    resolveAll = r;
  });
  const receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      res.writeHead(204).end();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (body.type === "transaction" && !arrivals.has(body.id)) {
          arrivals.set(body.id, at - Date.parse(body.last_status_update));
          if (arrivals.size >= transactions) resolveAll();
        }
      } catch {}
    });
  });
  receiver.keepAliveTimeout = 65_000;
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
  const hook = `http://127.0.0.1:${receiver.address().port}/hook`;
  const headers = { apiKey: key, "content-type": "application/json" };
  const customer = await post(`${base}/v1/customer`, headers, {
    first_name: "Lag",
    last_name: "Probe",
    email_address: "lag@example.com",
  });

  let next = 0;
  const started = [];
  const lane = async () => {
    while (next < transactions) {
      next++;
      const t = await post(`${base}/v1/transaction/start`, headers, {
        payment_profile: profile,
        customer: customer.id,
        amount: 1000,
        payment_product: "dummy",
        details: { dummy_outcome: "AUTHORIZED" },
        webhook_transaction_update: hook,
      });
      started.push(t.id);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  const timeout = setTimeout(resolveAll, 30_000);
  await all;
  clearTimeout(timeout);
  receiver.close();
  receiver.closeAllConnections?.();
  agent.destroy();

  const lags = [...arrivals.values()].sort((a, b) => a - b);
  const pct = (p) => lags[Math.min(lags.length - 1, Math.ceil((p / 100) * lags.length) - 1)] ?? null;
  return {
    transactions,
    inFlight,
    delivered: lags.length,
    missing: started.filter((id) => !arrivals.has(id)).length,
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    max: lags.at(-1) ?? null,
  };
}

// node:http with kept connections, not fetch: the driver shares the machine with the server and
// its database, and fetch (undici) costs about as much CPU per request as the server's own work.
const agent = new http.Agent({ keepAlive: true });

/**
 * One POST of `text` over `agent` (node:http): resolves with the status and the body text,
 * rejects when the connection fails. Also the bench's (scripts/bench/load.mjs).
 */
export function postText(url, headers, text, agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(text) }, agent },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

async function post(url, headers, body) {
  const { status, text } = await postText(url, headers, JSON.stringify(body), agent);
  let json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${url}: ${status}, not JSON (${e.message})`);
  }
  if (status < 200 || status >= 300) throw new Error(`${url}: ${status} ${JSON.stringify(json)}`);
  return json;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      base: { type: "string", default: "http://localhost:3000" },
      key: { type: "string" },
      profile: { type: "string" },
      transactions: { type: "string", default: "200" },
      "in-flight": { type: "string", default: "20" },
    },
  });
  const result = await measureWebhookLag({
    base: values.base,
    key: values.key,
    profile: values.profile,
    transactions: Number(values.transactions),
    inFlight: Number(values["in-flight"]),
  });
  console.log(JSON.stringify(result));
}
