// npm run bench: speed of the hot paths against a production build on the real database.
// Starts `next start` on BENCH_PORT (default 3299), provisions a merchant, then drives
// autocannon at each endpoint and compares p99 latency and throughput with the targets below.
// Informational: it exits 0 unless the server could not be started; missed targets are printed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { db } from "@/lib/db/prisma";
import { createMerchant } from "@/lib/merchants/create-merchant";

const port = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

type Target = {
  name: string;
  method: "GET" | "POST";
  path: string | (() => string);
  body?: () => string;
  p99Ms: number;
  minRps: number;
};

async function main() {
  if (!existsSync(".next/BUILD_ID")) {
    console.error("[bench] building ...");
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port)], {
    // One key at full speed: without the per-key rate limit (error 140), or it would measure 429s.
    env: { ...process.env, PORT: String(port), BASE_URL: base, LOG_LEVEL: "warn", API_RATE_LIMIT_PER_SECOND: "0" },
    stdio: "ignore",
  });
  try {
    await waitForHealth();
    const m = await createMerchant({ name: "Bench" });
    const headers = { apiKey: m.api_key, "content-type": "application/json" };
    const customer = await post("/v1/customer", headers, {
      first_name: "Bench",
      last_name: "Mark",
      email_address: "bench@example.com",
    });
    const tx = await post("/v1/transaction/start", headers, startBody(m.payment_profile, customer.id));
    let n = 0;
    const targets: Target[] = [
      { name: "GET /health", method: "GET", path: "/health", p99Ms: 100, minRps: 300 },
      {
        name: "POST /v1/customer",
        method: "POST",
        path: "/v1/customer",
        body: () => JSON.stringify({ first_name: "B", last_name: "M", email_address: `b${n++}@example.com` }),
        p99Ms: 250,
        minRps: 100,
      },
      {
        name: "POST /v1/transaction/start (bnpl)",
        method: "POST",
        path: "/v1/transaction/start",
        body: () => JSON.stringify(startBody(m.payment_profile, customer.id)),
        p99Ms: 400,
        minRps: 50,
      },
      { name: "GET /v1/transaction/<id>", method: "GET", path: `/v1/transaction/${tx.id}`, p99Ms: 150, minRps: 200 },
      {
        name: "GET /v1/transaction/<id>/checkoutsuccess",
        method: "GET",
        path: `/v1/transaction/${tx.id}/checkoutsuccess`,
        p99Ms: 150,
        minRps: 200,
      },
    ];
    const rows = [];
    for (const t of targets) {
      const result = await autocannon({
        url: base,
        connections,
        duration,
        requests: [
          {
            method: t.method,
            path: typeof t.path === "string" ? t.path : t.path(),
            headers,
            ...(t.body ? { setupRequest: (r: any) => ({ ...r, body: t.body!() }) } : {}),
          },
        ],
      });
      const non2xx = result.non2xx + result.errors;
      rows.push({
        endpoint: t.name,
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        errors: non2xx,
        target: `p99 ≤ ${t.p99Ms} ms, ≥ ${t.minRps} req/s`,
        met: result.latency.p99 <= t.p99Ms && result.requests.average >= t.minRps && non2xx === 0 ? "yes" : "NO",
      });
    }
    console.log(`\n${connections} connections, ${duration} s each, on ${base}\n`);
    console.table(rows);
  } finally {
    server.kill("SIGTERM");
    await db().$disconnect();
  }
}

function startBody(profile: string, customer: string) {
  return { payment_profile: profile, amount: 1000, customer, payment_product: "bnpl", details: {} };
}

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not become healthy");
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
