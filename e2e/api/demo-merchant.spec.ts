import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { serverLogFile } from "../../playwright.config";
import { expect, test } from "../fixtures";

// The demo store is a merchant like any other, provisioned on first start. When the service runs
// at another address later (`PORT=4000 npm start` after a first `npm start`), the demo profile's
// webhook URL must follow the store, or the store's webhooks would go to the old address. A URL
// the merchant set to something else is theirs and stays.

const appPort = Number(process.env.E2E_PORT ?? 3210) + 7;
const dataDir = path.resolve(process.env.PAYRAIL_DATA_DIR ?? ".data/test", "demo-follow");

type Booted = { server: ChildProcess; ready: Promise<void> };

/** A production server at `baseUrl`; `ready` once its boot (the demo merchant included) is done. */
function boot(baseUrl: string): Booted {
  const server = spawn(process.execPath, ["scripts/server.mjs", "-p", String(appPort)], {
    env: {
      ...process.env,
      PORT: String(appPort),
      BASE_URL: baseUrl,
      PAYRAIL_DATA_DIR: dataDir,
      WORKER_IN_PROCESS: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(serverLogFile(appPort), { flags: "a" });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (c) => {
      out += String(c);
      // lib/boot.ts prints this once the demo merchant is in place.
      if (out.includes("Payrail is running (sandbox)")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code}) before its boot was done`)));
    setTimeout(() => reject(new Error("no boot within 90 s")), 90_000).unref();
  });
  return { server, ready };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGKILL");
  await exited;
}

type Demo = { api_key: string; payment_profile: string };

async function profileUrl(baseUrl: string, demo: Demo): Promise<string | undefined> {
  try {
    const res = await fetch(`${baseUrl}/v1/payment-profile/${demo.payment_profile}`, {
      headers: { apiKey: demo.api_key },
    });
    return res.ok
      ? ((await res.json()) as { webhook_transaction_update: string }).webhook_transaction_update
      : undefined;
  } catch {
    return undefined;
  }
}

function savedDemo(): Demo {
  return JSON.parse(readFileSync(path.join(dataDir, "demo-merchant.json"), "utf8")) as Demo;
}

test("the demo profile's webhook URL follows the store to a new address; a merchant's own URL stays", async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  const first = `http://localhost:${appPort}`;
  const second = `http://127.0.0.1:${appPort}`;
  let run = boot(first);
  try {
    await run.ready;
    const demo = savedDemo();
    expect(await profileUrl(first, demo)).toBe(`${first}/store/api/webhooks`);
    await stop(run.server);

    run = boot(second);
    await run.ready;
    expect(savedDemo()).toStrictEqual(demo); // the same merchant, not a new one
    expect(await profileUrl(second, demo)).toBe(`${second}/store/api/webhooks`);
    const own = "https://hooks.merchant.example/payrail";
    const patched = await fetch(`${second}/v1/payment-profile/${demo.payment_profile}`, {
      method: "PATCH",
      headers: { apiKey: demo.api_key, "content-type": "application/json" },
      body: JSON.stringify({ webhook_transaction_update: own }),
    });
    expect(patched.status).toBe(200);
    await stop(run.server);

    run = boot(first);
    await run.ready;
    expect(await profileUrl(first, demo)).toBe(own);
  } finally {
    await stop(run.server);
  }
});
