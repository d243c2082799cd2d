import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { createMerchant, customerBody, eventually, expect, test } from "../fixtures";
import { STRICT } from "../isolated";
import { eventsWhen, Receiver, startDummy } from "../webhooks";

const ID = "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01";

/** Every /v1 route and the methods it implements (the test below checks the table is complete). */
const ROUTES: Record<string, { path: string; own: string[]; allow: string }> = {
  customer: { path: "/v1/customer", own: ["POST"], allow: "POST, OPTIONS" },
  "customer/[id]": { path: `/v1/customer/${ID}`, own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  issuers: { path: "/v1/issuers", own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  transaction: { path: "/v1/transaction", own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  "transaction/start": { path: "/v1/transaction/start", own: ["POST"], allow: "POST, OPTIONS" },
  "transaction/[id]": { path: `/v1/transaction/${ID}`, own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  "transaction/[id]/checkoutsuccess": {
    path: `/v1/transaction/${ID}/checkoutsuccess`,
    own: ["GET"],
    allow: "GET, HEAD, OPTIONS",
  },
  "transaction/[id]/history": { path: `/v1/transaction/${ID}/history`, own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  "transaction/[id]/refunds": { path: `/v1/transaction/${ID}/refunds`, own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  "transaction/[id]/webhooks": { path: `/v1/transaction/${ID}/webhooks`, own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  "transaction/[id]/capture": { path: `/v1/transaction/${ID}/capture`, own: ["POST"], allow: "POST, OPTIONS" },
  "transaction/[id]/void": { path: `/v1/transaction/${ID}/void`, own: ["POST"], allow: "POST, OPTIONS" },
  "transaction/[id]/cancel": { path: `/v1/transaction/${ID}/cancel`, own: ["POST"], allow: "POST, OPTIONS" },
  "transaction/[id]/refund": { path: `/v1/transaction/${ID}/refund`, own: ["POST"], allow: "POST, OPTIONS" },
  // The approval_url's GET has effects (IN_PROGRESS): no HEAD, so a link checker cannot trigger it.
  "transaction/[id]/authorize": { path: `/v1/transaction/${ID}/authorize`, own: ["GET"], allow: "GET, OPTIONS" },
  "webhook-event/[id]/resend": { path: `/v1/webhook-event/${ID}/resend`, own: ["POST"], allow: "POST, OPTIONS" },
  "payment-profile/[id]": {
    path: `/v1/payment-profile/${ID}`,
    own: ["GET", "PATCH"],
    allow: "GET, HEAD, PATCH, OPTIONS",
  },
  "payment-profile/[id]/webhook-secret/rotate": {
    path: `/v1/payment-profile/${ID}/webhook-secret/rotate`,
    own: ["POST"],
    allow: "POST, OPTIONS",
  },
  events: { path: "/v1/events", own: ["GET"], allow: "GET, HEAD, OPTIONS" },
  // Built by its Next route on both mounts; no HEAD (as the approval_url).
  "openapi.json": { path: "/v1/openapi.json", own: ["GET"], allow: "GET, OPTIONS" },
  // A stream: no HEAD (it would open a stream nobody reads).
  "events/stream": { path: "/v1/events/stream", own: ["GET"], allow: "GET, OPTIONS" },
  "test/reset": { path: "/v1/test/reset", own: ["POST"], allow: "POST, OPTIONS" },
  "test/webhook-check": { path: "/v1/test/webhook-check", own: ["POST"], allow: "POST, OPTIONS" },
  "test/transaction/[id]/advance": {
    path: `/v1/test/transaction/${ID}/advance`,
    own: ["POST"],
    allow: "POST, OPTIONS",
  },
  "test/transaction/[id]/status": { path: `/v1/test/transaction/${ID}/status`, own: ["POST"], allow: "POST, OPTIONS" },
  "test/transaction/[id]/timeline": {
    path: `/v1/test/transaction/${ID}/timeline`,
    own: ["POST"],
    allow: "POST, OPTIONS",
  },
};

function routeFiles(dir = "app/v1", prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return routeFiles(p, prefix ? `${prefix}/${name}` : name);
    return name === "route.ts" && prefix !== "[...path]" ? [prefix] : [];
  });
}

test.describe("405 with the error object and Allow", () => {
  test("the table covers every /v1 route", () => {
    expect(routeFiles().sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [name, r] of Object.entries(ROUTES)) {
    test(`${name}: every other method is 405, OPTIONS lists the methods`, async ({ api }) => {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]) {
        if (r.allow.split(", ").includes(method)) continue;
        const res = await api.raw(method, r.path, method === "HEAD" ? undefined : "{}", {
          "content-type": "application/json",
        });
        expect(res.status, `${method} ${r.path}`).toBe(405);
        expect(res.headers.allow, `${method} ${r.path}`).toBe(r.allow);
        if (method !== "HEAD") {
          expect(res.body).toStrictEqual({
            code: "103",
            message: expect.stringContaining(method),
            details: { method, allowed: r.allow.split(", ") },
          });
        }
      }
      const options = await api.raw("OPTIONS", r.path, undefined, {});
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe(r.allow);
    });
  }

  test("HEAD of a GET route answers like GET, without a body", async ({ api }) => {
    const head = await api.raw("HEAD", "/v1/issuers?payment_product=bank_selection", undefined, {});
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    const missing = await api.raw("HEAD", `/v1/transaction/${ID}`, undefined, {});
    expect(missing.status).toBe(404);
  });
});

test("150: a payment product switched off on the profile is refused; on again, it starts", async ({ request }) => {
  const merchant = createMerchant("Products shop");
  const cli = (...args: string[]) =>
    JSON.parse(
      execFileSync(
        "node_modules/.bin/tsx",
        ["scripts/merchant.ts", "products", "--profile", merchant.payment_profile, ...args],
        {
          encoding: "utf8",
        },
      ),
    );
  expect(cli()).toMatchObject({ payment_profile: merchant.payment_profile, disabled: [] });
  const off = cli("--disable", "dummy,card");
  expect(off.disabled).toEqual(["card", "dummy"]);
  expect(off.enabled).not.toContain("dummy");
  expect(off.enabled).toContain("bnpl");

  const start = () =>
    request.post("/v1/transaction/start", {
      headers: { apiKey: merchant.api_key },
      data: {
        payment_profile: merchant.payment_profile,
        amount: 100,
        customer: customerBody(),
        payment_product: "dummy",
        details: { dummy_outcome: "DECLINED" },
      },
    });
  const refused = await start();
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toStrictEqual({
    code: "150",
    message: expect.any(String),
    details: { payment_product: "dummy", payment_profile: merchant.payment_profile },
  });

  expect(cli("--enable", "dummy").disabled).toEqual(["card"]);
  expect((await start()).status()).toBe(201);

  // An unknown product name is refused by the CLI, and nothing changes.
  expect(() =>
    execFileSync(
      "node_modules/.bin/tsx",
      ["scripts/merchant.ts", "products", "--profile", merchant.payment_profile, "--disable", "cash"],
      {
        encoding: "utf8",
        stdio: "pipe",
      },
    ),
  ).toThrow(/Unknown payment product/);
  expect(cli().disabled).toEqual(["card"]);
});

test("140: a key over its rate gets 429 with Retry-After; other keys are not affected", async ({ request }) => {
  // The STRICT server runs with API_RATE_LIMIT_BURST=60 and API_RATE_LIMIT_PER_SECOND=1 (playwright.config.ts):
  // a slow (loaded) machine still cannot refill 90 tokens while the 150 requests are answered.
  const merchant = createMerchant("Busy shop", undefined, STRICT.env);
  const other = createMerchant("Quiet shop", undefined, STRICT.env);
  const get = (key: string) =>
    request.get(`${STRICT.url}/v1/issuers?payment_product=bank_selection`, { headers: { apiKey: key } });
  const answers = await Promise.all(Array.from({ length: 150 }, () => get(merchant.api_key)));
  const limited = answers.filter((r) => r.status() === 429);
  expect(answers.filter((r) => r.status() === 200).length).toBeGreaterThanOrEqual(60);
  expect(limited.length).toBeGreaterThan(0);
  const retryAfter = Number(limited[0].headers()["retry-after"]);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(await limited[0].json()).toStrictEqual({
    code: "140",
    message: expect.any(String),
    details: { retry_after_seconds: retryAfter },
  });
  expect((await get(other.api_key)).status()).toBe(200);
  await new Promise((r) => setTimeout(r, retryAfter * 1000));
  expect((await get(merchant.api_key)).status()).toBe(200);
});

test("resend is rate limited per event: five requests, one attempt", async ({ request, merchant }) => {
  const receiver = await Receiver.start("ok");
  try {
    const t = await startDummy(request, merchant, { webhookUrl: receiver.url() });
    const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "delivered");
    for (let i = 0; i < 5; i++) {
      const res = await request.post(`/v1/webhook-event/${event.id}/resend`, { headers: { apiKey: merchant.api_key } });
      expect(res.status()).toBe(202);
    }
    await receiver.waitForCount(2, 5_000);
    await new Promise((r) => setTimeout(r, 3_000));
    const [after] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.attempts.length >= 2);
    expect(after.attempts.map((a) => a.trigger)).toEqual(["schedule", "resend"]);
    expect(receiver.deliveries).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});

test("idempotency keys older than 24 h are purged by the worker's periodic job", async ({ merchant }) => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const old = `purge-old-${Date.now()}`;
    const fresh = `purge-fresh-${Date.now()}`;
    const insert = `insert into idempotency_keys ("organisationId", key, fingerprint, status, "createdAt")
      values ($1, $2, '{}', 'done', now() - $3::interval)`;
    await db.query(insert, [merchant.organisation, old, "25 hours"]);
    await db.query(insert, [merchant.organisation, fresh, "23 hours"]);
    // Workers purge hourly (crontab) and when they start; here the job is queued as the cron would, and
    // the test servers' in-process workers run it.
    await db.query("select graphile_worker.add_job('purge_expired', '{}'::json, job_key => 'purge_expired')");
    const keys = async () =>
      (await db.query("select key from idempotency_keys where key = any($1)", [[old, fresh]])).rows.map((r) => r.key);
    await eventually(async () => (await keys()).length === 1, { timeout: 20_000 });
    expect(await keys()).toEqual([fresh]);
  } finally {
    await db.end();
  }
});

test("a JSON syntax error never echoes the request body", async ({ api }) => {
  for (const body of ['{"card_number": 4111111111111111,}', "{card_number: 4111111111111111}", "4111111111111111x"]) {
    const res = await api.raw("POST", "/v1/customer", body, { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("100");
    expect(JSON.stringify(res.body)).not.toContain("4111");
  }
});

test("the store's webhook route stops reading at 64 KiB, before the sender is done", async ({ baseURL }) => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${baseURL}/store/api/webhooks`,
      { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on("error", (e) => (String(e).includes("ECONNRESET") || String(e).includes("EPIPE") ? undefined : reject(e)));
    // 70 KiB, then the request stays open: only a limit counted while streaming can answer now.
    req.write("x".repeat(70 * 1024));
    setTimeout(() => reject(new Error("no answer while the body was still open")), 10_000);
  });
  expect(status).toBe(413);
});
