import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";

// `npm run bench -- --quick` end to end, so the harness cannot rot: it starts the production server,
// the bare baseline, the stock `next start` and the Next + Prisma app (built first) on databases of
// its own, loads each, measures webhook lag, and prints the table. It asserts that the harness
// works, never a speed target.
test("npm run bench -- --quick measures every arrangement and delivers every webhook", async () => {
  test.setTimeout(420_000);
  const benchPort = Number(process.env.E2E_PORT ?? 3210) + 20;
  const dataDir = process.env.PAYRAIL_DATA_DIR ?? ".data/test";
  const child = spawn(process.execPath, ["scripts/bench/bench.mjs", "--quick", "--connections", "8"], {
    // Its four servers share the test database server with the end-to-end servers: small pools
    // keep everyone under max_connections (docs/configuration.md, "Connection budget").
    env: { ...process.env, BENCH_PORT: String(benchPort), DB_POOL_MAX: "3" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c) => {
    out += c;
  });
  child.stderr.on("data", (c) => {
    out += c;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, out).toBe(0);
  expect(out).toContain("bench: done");

  const { results } = JSON.parse(readFileSync(path.join(dataDir, "bench-results/last.json"), "utf8"));
  for (const scenario of ["start", "get", "checkoutsuccess"])
    for (const arrangement of ["production", "bare", "stock", "prisma"]) {
      const r = results.load[scenario][arrangement];
      expect(r.rps, `${scenario} on ${arrangement}`).toBeGreaterThan(0);
      expect(r.bad, `${scenario} on ${arrangement}`).toBe(0);
    }
  expect(results.webhooks.prisma, "the Next + Prisma app has no webhooks").toBeUndefined();
  for (const arrangement of ["production", "bare", "stock"]) {
    const w = results.webhooks[arrangement];
    expect(w.delivered, arrangement).toBeGreaterThan(0);
    expect(w.missing, arrangement).toBe(0);
    expect(w.p99, arrangement).toBeGreaterThan(0);
  }
});
