import { env } from "@/lib/env";
import { startWorker } from "@/lib/worker/worker";
import { log } from "@/lib/log";
import { ensureDemoMerchant } from "@/lib/merchants/demo-merchant";

/** Runs once when the Next server process starts (instrumentation.ts). */
export async function boot() {
  const e = env();
  if (e.WORKER_IN_PROCESS) await startWorker();
  if (e.APP_ENV === "production") {
    // No demo door in production: no demo merchant is provisioned, printed or written to disk.
    const lines = [
      "",
      "  Payrail is running (production)",
      `  API           ${e.BASE_URL}/v1`,
      `  Health        ${e.BASE_URL}/health`,
      "",
    ];
    if (e.LOG_LEVEL !== "silent") process.stdout.write(`${lines.join("\n")}\n`);
    return;
  }
  const demo = await ensureDemoMerchant();
  const lines = [
    "",
    "  Payrail is running (sandbox)",
    `  API           ${e.BASE_URL}/v1`,
    `  Health        ${e.BASE_URL}/health`,
    `  Demo store    ${e.BASE_URL}/store`,
    `  Dashboard     ${e.BASE_URL}/dashboard  (${demo.dashboard_email} / ${demo.dashboard_password})`,
    `  Demo API key  ${demo.api_key}`,
    `  Demo profile  ${demo.payment_profile}`,
    "",
  ];
  if (e.LOG_LEVEL !== "silent") process.stdout.write(`${lines.join("\n")}\n`);
  log().debug({ organisation: demo.organisation }, "boot complete");
}
