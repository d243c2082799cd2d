import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "../fixtures";

const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}`;

// docs/testing.md promises that the curl examples of "Sandbox controls" run as written: run them.
test("the sandbox controls' examples in docs/testing.md run as written", async () => {
  test.setTimeout(120_000);
  const doc = readFileSync("docs/testing.md", "utf8");
  const section = doc.slice(doc.indexOf("## Sandbox controls"), doc.indexOf("## Test data that passes real checks"));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(10);
  const script = `set -euo pipefail\n${blocks.join("\n")}`;
  const run = spawnSync("bash", ["-c", script], {
    encoding: "utf8",
    env: { ...process.env, PAYRAIL: BASE },
    timeout: 110_000,
  });
  const out = run.stdout;
  expect(run.status, `${out}\n${run.stderr}`).toBe(0);
  const lines = out.split("\n");
  expect(lines).toContain("SETTLEMENT_COMPLETED");
  expect(lines).toContain("ABANDONED");
  expect(lines).toContain("FAILED");
  expect(out).toContain('"code":"130"');
  expect(out).toContain('"actor":"sandbox"');
  expect(out).toContain('"enabled_products":["card","dummy","sepa"]');
  expect(out).toMatch(/"duplicate_rate":0.2/);
  // The live tail shows the one new event, the resumed stream the newest again (nothing else is
  // pending by then: the timeline example waits for its last step).
  expect(out.match(/^event: transaction$/gm)?.length, out).toBe(2);
  expect(out).toContain("6 passed, 0 failed");
  expect(out).toMatch(/"deleted":\{"transactions":\d+/);
  expect(out).toMatch(/"transactions":2000/);
});
