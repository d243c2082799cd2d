// npm test: every test of the project, in this order:
//   0. npm run check (format, lint, types, unused code, layers; a failure counts as one failed test),
//   1. a browser for Playwright (scripts/browser.mjs),
//   2. vitest unit tests (beside the code, lib/**/*.test.ts),
//   3. a production build of the app into .next-test (Next + the custom server's /v1 bundle),
//   4. the Playwright projects (e2e/api, e2e/browser) against that build on a fresh database:
//      an embedded PostgreSQL in .data/test unless DATABASE_URL is set.
// Ends with one summary line "tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBrowser } from "./browser.mjs";
import { removeEmbeddedData } from "./embedded-pg.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const only = process.argv[2]; // optional: "unit" or "e2e", then Playwright arguments
const bin = (name) => path.join(root, "node_modules/.bin", name);
const dataDir = path.resolve(root, process.env.PAYRAIL_TEST_DATA_DIR ?? ".data/test");

Object.assign(process.env, {
  NEXT_TELEMETRY_DISABLED: "1",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  PAYRAIL_DATA_DIR: dataDir,
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-test",
  APP_ENV: process.env.APP_ENV ?? "test",
});

const counts = { passed: 0, failed: 0 };
let status = 0;

if (only === undefined) {
  const check = run(process.execPath, ["scripts/check.mjs"]);
  if (check !== 0) {
    console.error("[test] npm run check failed (see above); the unit tests still run, the end-to-end tests do not");
    counts.failed += 1;
    status = check;
  }
}

if (only !== "e2e") {
  const vitestReport = path.join(root, "test-results/vitest.json");
  mkdirSync(path.dirname(vitestReport), { recursive: true });
  const r = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, "utf8"));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
  }
  status ||= r;
}

if (only !== "unit") {
  const chromium = ensureBrowser();
  if (chromium) process.env.CHROMIUM_PATH = chromium;
  let build = run(bin("next"), ["build"]);
  if (build === 0) build = run(process.execPath, ["scripts/build-api.mjs"]);
  if (build !== 0) {
    console.error("[test] the production build failed; end-to-end tests not run");
    counts.failed += 1;
  }
  status ||= build;
  if (status === 0) {
    removeEmbeddedData(dataDir); // wherever it is kept (as root maybe under /var/tmp)
    rmSync(dataDir, { recursive: true, force: true });
    process.env.EMBEDDED_PG_PORT ??= "54339";
    const pwReport = path.join(root, "test-results/playwright.json");
    rmSync(pwReport, { force: true });
    for (const f of existsSync("test-results") ? readdirSync("test-results") : [])
      if (/^server-\d+\.log$/.test(f)) rmSync(path.join("test-results", f));
    const r = run(process.execPath, ["scripts/with-db.mjs", bin("playwright"), "test", ...process.argv.slice(3)], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
    });
    if (existsSync(pwReport)) {
      const { stats } = JSON.parse(readFileSync(pwReport, "utf8"));
      counts.passed += stats.expected + stats.flaky;
      counts.failed += stats.unexpected;
      // Playwright failed without a failed test (a web server did not start): still a failure.
      if (r !== 0 && stats.unexpected === 0) counts.failed += 1;
    } else {
      counts.failed += 1;
    }
    status ||= r;
  }
}

console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(status);

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}
