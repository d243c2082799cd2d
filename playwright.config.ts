import { defineConfig } from "@playwright/test";
import { STRICT, WORKERLESS, type IsolatedServer } from "./e2e/isolated";

const port = Number(process.env.E2E_PORT ?? 3210);
const fastPort = port + 1;
/** A plain `next start` on the main database: the route handlers in app/v1 (the smoke project). */
const nextPort = port + 4;
const baseURL = `http://localhost:${port}`;

export const serverLogFile = (p: number) => `test-results/server-${p}.log`;

/** Timer settings of the fast server (see e2e/fixtures.ts FAST_URL). */
export const FAST_TIMERS = {
  APPROVAL_TTL_MS: "4000",
  SETTLEMENT_DELAY_MS: "1500",
  DUMMY_UPDATE_DELAY_MS: "1000",
  REFUND_DELAY_MS: "500",
};
const executablePath = process.env.CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry on CI: a test that passes only on retry is still reported as "flaky" in the output.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json"]],
  // Prints how many response shapes the API tests validated against the OpenAPI document.
  globalTeardown: "./e2e/contract-summary.ts",
  outputDir: "test-results/playwright",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: executablePath
        ? [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ]
        : [],
    },
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    // The same endpoints mounted as Next route handlers (plain `next start`, as `next dev` serves
    // them): a smoke subset, so neither mount rots.
    {
      name: "api-next-start",
      testDir: "e2e/api",
      testMatch: [
        "errors.spec.ts",
        "idempotency.spec.ts",
        "isolation.spec.ts",
        "customers.spec.ts",
        "concurrency.spec.ts",
        "request-log.spec.ts",
      ],
      use: { baseURL: `http://localhost:${nextPort}` },
    },
    {
      name: "browser",
      testDir: "e2e/browser",
      use: { browserName: "chromium", viewport: { width: 1280, height: 900 } },
    },
  ],
  // Two servers on one database: the main one with realistic sandbox timers, and a "fast" one
  // whose transactions get short timers (expiry, settlement, dummy updates, refunds) for the timer
  // tests (run_at is fixed when a job is scheduled, so either server's worker may run it).
  // Two more on databases of their own (e2e/isolated.ts) for the webhook tests: SSRF guard on, and
  // no in-process worker. All four are the production server (scripts/server.mjs); a fifth is a
  // plain `next start` on the main database for the api-next-start project.
  webServer: [
    server(port, {}),
    server(fastPort, FAST_TIMERS),
    // Also a small API rate limit (error 140), for e2e/api/spec-statements.spec.ts.
    isolatedServer(STRICT, {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false",
      API_RATE_LIMIT_BURST: "60",
      API_RATE_LIMIT_PER_SECOND: "1",
    }),
    isolatedServer(WORKERLESS, { WORKER_IN_PROCESS: "false" }),
    server(nextPort, {}, `node node_modules/next/dist/bin/next start -p ${nextPort} --keepAliveTimeout 65000`),
  ],
});

function server(p: number, extraEnv: Record<string, string>, command = `node scripts/server.mjs -p ${p}`) {
  const url = `http://localhost:${p}`;
  return {
    // Server output is also kept in a file: the card data leak test searches it.
    command: `node scripts/log-to-file.mjs ${serverLogFile(p)} ${command}`,
    url: `${url}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The log file has it all; the console gets only stderr.
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(p),
      BASE_URL: url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      WEBHOOK_RETRY_SCALE: "0.001",
      // Five servers and the tests' own workers share one PostgreSQL (max_connections 100). Pools
      // open connections on demand; 5 × (3 × 6 + 1) is the ceiling if every pool filled at once
      // (docs/configuration.md). Smaller pools made bursts of starts wait past the 5 s connect
      // timeout (→ 503) on a loaded machine.
      DB_POOL_MAX: process.env.DB_POOL_MAX ?? "6",
      // Fuzz sweeps send hundreds of requests per key at once; error 140 is tested on STRICT (below).
      API_RATE_LIMIT_PER_SECOND: "1000",
      API_RATE_LIMIT_BURST: "2000",
      ...extraEnv,
    },
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
  };
}

/** A server whose database is created and migrated first (scripts/with-db.mjs --create-database). */
function isolatedServer(s: IsolatedServer, extraEnv: Record<string, string>) {
  return server(
    s.port,
    { ...s.env, ...extraEnv },
    `node scripts/with-db.mjs --create-database node scripts/server.mjs -p ${s.port}`,
  );
}
