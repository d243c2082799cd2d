import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { serverLogFile } from "../../playwright.config";
import { Api, createMerchant, eventually, expect, test } from "../fixtures";
import { sql } from "../transactions";
import { eventsWhen, Receiver, startDummy, verifyDelivery } from "../webhooks";

// With the worker in the API process, the start's own statement claims the event's first attempt
// and the API sends it right after the commit, with no job in between (lib/transactions/lean-sql.ts
// eventSql). If that process dies before the attempt is sent, the event must still be delivered:
// its lease runs out and the sweeper of any other process revives it (lib/webhooks/sweep.ts).

const appPort = Number(process.env.E2E_PORT ?? 3210) + 6;
const base = `http://localhost:${appPort}`;

test("an API process killed between a start's commit and its webhook: the event is still delivered, once", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await Receiver.start("ok");
  const server = spawn(process.execPath, ["scripts/server.mjs", "-p", String(appPort)], {
    env: {
      ...process.env,
      PORT: String(appPort),
      BASE_URL: base,
      PAYRAIL_DATA_DIR: path.resolve(process.env.PAYRAIL_DATA_DIR ?? ".data/test", "api-crash"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(serverLogFile(appPort));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    const m = createMerchant("Crash between commit and webhook", receiver.url());
    // Chaos delay: the attempt waits 5 s before it sends, so the kill lands before anything is sent.
    const patched = await new Api(request, m).raw(
      "PATCH",
      `/v1/payment-profile/${m.payment_profile}`,
      JSON.stringify({ webhook_chaos: { delay_ms: { min: 5_000, max: 5_000 } } }),
      { "content-type": "application/json" },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await eventually(
      () =>
        fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000, interval: 250 },
    );

    const t = await startDummy(request, m, { outcome: "AUTHORIZED", baseURL: base });
    server.kill("SIGKILL");
    const [claimed] = await sql(
      `select status, attempts, extract(epoch from "nextAttemptAt" - "createdAt") as lease_s
       from webhook_events where "transactionId" = $1`,
      [t.id],
    );
    expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
    expect(Number(claimed.lease_s)).toBeGreaterThanOrEqual(15);

    // Revived by the suite's servers once the lease has run out: delivered, signed, exactly once.
    const [event] = await eventsWhen(request, m, t.id, (es) => es[0]?.status === "delivered", { timeout: 90_000 });
    expect(event.attempts.map((a) => [a.attempt, a.status_code])).toEqual([[2, 200]]);
    const deliveries = receiver.deliveries.filter((d) => JSON.parse(d.body).id === t.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].headers["webhook-id"]).toBe(event.id);
    expect(verifyDelivery(deliveries[0], m.webhook_secret)).toMatchObject({ id: t.id, status: "AUTHORIZED" });
  } finally {
    server.kill("SIGKILL");
    await receiver.close();
  }
});
