import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

// APP_ENV=production has no demo door: nothing is provisioned, printed or written. The unit tests'
// database is unreachable, so any attempt to provision would fail these tests.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "payrail-prod-"));
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    APP_ENV: "production",
    WORKER_IN_PROCESS: "false",
    LOG_LEVEL: "info",
    PAYRAIL_DATA_DIR: dataDir,
  });
});
afterAll(() => {
  process.env = saved;
});

test("boot in production prints no demo merchant and provisions none", async () => {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const { boot } = await import("@/lib/boot");
  await boot();
  const printed = out.mock.calls.map((c) => String(c[0])).join("");
  out.mockRestore();
  expect(printed).toContain("Payrail is running (production)");
  expect(printed).not.toMatch(/sk_test_|Demo|demo@payrail/);
  expect(existsSync(path.join(dataDir, "demo-merchant.json"))).toBe(false);
  expect(readdirSync(dataDir)).toEqual([]);
});

test("in production the demo merchant cannot be provisioned and the store needs explicit credentials", async () => {
  const { ensureDemoMerchant } = await import("@/lib/merchants/demo-merchant");
  await expect(ensureDemoMerchant()).rejects.toThrow(/No demo merchant when APP_ENV=production/);
  const { getStoreCredentials, StoreNotConfigured } = await import("@/lib/store/config");
  await expect(getStoreCredentials()).rejects.toBeInstanceOf(StoreNotConfigured);
  expect(existsSync(path.join(dataDir, "demo-merchant.json"))).toBe(false);
});
