import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { Api, createMerchant, expect, type Merchant, test } from "../fixtures";
import { expectInvalid, expectNotFound } from "../transactions";

const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}`;
const CHECKS = [
  "valid_event",
  "duplicate_webhook_id",
  "bad_signature",
  "stale_timestamp",
  "unknown_event_type",
  "older_status_after_newer",
];

function demoMerchant(): Merchant {
  const dir = process.env.PAYRAIL_DATA_DIR ?? ".data/test";
  return JSON.parse(readFileSync(path.join(dir, "demo-merchant.json"), "utf8"));
}

/** A receiver made from a handler function (status for a request), on 127.0.0.1. */
async function receiver(answer: (body: string, headers: Record<string, string>) => number) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      res.writeHead(answer(body, headers)).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise((r) => server.close(r)),
  };
}

const failed = (report: any) =>
  report.checks
    .filter((c: any) => !c.pass)
    .map((c: any) => c.name)
    .sort();

test("the demo store's receiver passes every check (default URL: the profile's)", async ({ request }) => {
  const demo = demoMerchant();
  const api = new Api(request, demo);
  // Three test servers on different ports share this database and the demo merchant, and its
  // profile follows whichever of them booted last (lib/merchants/demo-merchant.ts): the default
  // URL is the profile's, at some server's store.
  const profile = await api.get(`/v1/payment-profile/${demo.payment_profile}`);
  expect(profile.body.webhook_transaction_update).toMatch(/^http:\/\/localhost:\d+\/store\/api\/webhooks$/);
  const res = await api.post("/v1/test/webhook-check", {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url).toBe(profile.body.webhook_transaction_update);
  expect(res.body.checks.map((c: any) => c.name)).toEqual(CHECKS);
  for (const c of res.body.checks) expect(c, JSON.stringify(c)).toMatchObject({ pass: true, advice: "" });
  expect(res.body).toMatchObject({ passed: 6, failed: 0 });
  expect(res.body.checks.find((c: any) => c.name === "bad_signature").got).toBe("401");
});

test("a naive receiver that accepts everything fails exactly the signature and timestamp checks", async ({
  request,
}) => {
  const naive = await receiver(() => 200);
  try {
    const api = new Api(request, createMerchant("Naive"));
    const res = await api.post("/v1/test/webhook-check", { url: naive.url });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(failed(res.body)).toEqual(["bad_signature", "stale_timestamp"]);
    expect(res.body).toMatchObject({ passed: 4, failed: 2 });
    const bad = res.body.checks.find((c: any) => c.name === "bad_signature");
    expect(bad).toMatchObject({ expected: "4xx", got: "200", pass: false, advice: expect.stringMatching(/Verify/) });
  } finally {
    await naive.close();
  }
});

test("a URL that answers 404 to everything passes nothing: its refusals prove no signature check", async ({
  request,
}) => {
  const missing = await receiver(() => 404);
  try {
    const res = await new Api(request, createMerchant("Wrong path")).post("/v1/test/webhook-check", {
      url: missing.url,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ passed: 0, failed: 6 });
    const bad = res.body.checks.find((c: any) => c.name === "bad_signature");
    expect(bad).toMatchObject({
      expected: "4xx",
      got: "404",
      pass: false,
      advice: expect.stringMatching(/^Inconclusive/),
    });
  } finally {
    await missing.close();
  }
});

test("a verifying but brittle receiver fails the duplicate, unknown-type and out-of-order checks", async ({
  request,
}) => {
  const m = createMerchant("Brittle");
  const seen = new Set<string>();
  let latest = "";
  const brittle = await receiver((body, headers) => {
    try {
      new Webhook(m.webhook_secret).verify(body, headers);
    } catch {
      return 401;
    }
    if (seen.has(headers["webhook-id"])) return 500; // unique constraint blows up
    seen.add(headers["webhook-id"]);
    const event = JSON.parse(body);
    if (event.type !== "transaction") return 400;
    if (event.last_status_update < latest) return 409;
    latest = event.last_status_update;
    return 200;
  });
  try {
    const res = await new Api(request, m).post("/v1/test/webhook-check", { url: brittle.url });
    expect(failed(res.body)).toEqual(["duplicate_webhook_id", "older_status_after_newer", "unknown_event_type"]);
  } finally {
    await brittle.close();
  }
});

test("npm run webhook-check prints the grades and exits 0 only when all pass", async () => {
  const run = promisify(execFile);
  const demo = demoMerchant();
  const ok = await run("node_modules/.bin/tsx", [
    "scripts/webhook-check.ts",
    `${BASE}/store/api/webhooks`,
    "--api-url",
    BASE,
    "--api-key",
    demo.api_key,
  ]);
  expect(ok.stdout).toContain("6 passed, 0 failed");
  expect(ok.stdout).toMatch(/PASS {2}bad_signature +expected 4xx, got 401/);

  const naive = await receiver(() => 200);
  try {
    const m = createMerchant("Naive CLI");
    const res = await run("node_modules/.bin/tsx", [
      "scripts/webhook-check.ts",
      naive.url,
      "--api-url",
      BASE,
      "--api-key",
      m.api_key,
    ]).catch((e) => e);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/FAIL {2}stale_timestamp +expected 4xx, got 200/);
    expect(res.stdout).toContain("4 passed, 2 failed");
  } finally {
    await naive.close();
  }
});

test("webhook-check: no URL is 101, another organisation's profile is 404", async ({ api, otherMerchant }) => {
  expectInvalid(
    await api.post("/v1/test/webhook-check", {}),
    { url: "Required: the payment profile has no webhook URL" },
    "webhook_check",
  );
  expectInvalid(
    await api.post("/v1/test/webhook-check", { url: "mailto:x@example.com" }),
    { url: expect.any(String) },
    "webhook_check",
  );
  const res = await api.post("/v1/test/webhook-check", {
    url: "https://example.com/x",
    payment_profile: otherMerchant.payment_profile,
  });
  expectNotFound(res, "payment_profile", otherMerchant.payment_profile);
});
