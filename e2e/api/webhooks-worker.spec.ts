import { spawn, type ChildProcess } from "node:child_process";
import { createMerchant, eventually, expect, test, type Merchant } from "../fixtures";
import { WORKERLESS } from "../isolated";
import { eventsWhen, Receiver, startDummy, verifyDelivery, webhookEvents } from "../webhooks";

// The WORKERLESS server has no in-process worker and a database of its own: these events are
// delivered only by the worker processes started (and killed) here. Both tests use that one
// queue, so they run one after the other.
test.describe.configure({ mode: "serial" });

/** `npm run worker` without the npm and tsx wrappers: one process, so SIGKILL hits the worker itself. */
function startWorkerProcess(extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, ...WORKERLESS.env, LOG_LEVEL: "warn", WEBHOOK_RETRY_SCALE: "0.001", ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", () => {});

  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  child.kill(signal);
  await exited(child);
}

test("a worker killed with SIGKILL five times during 200 events loses none of them", async ({ request }) => {
  test.setTimeout(240_000);
  const receiver = await Receiver.start("slow");
  receiver.delayMs = 100; // deliveries are in flight whenever a kill lands
  const merchant: Merchant = createMerchant("Crash shop", receiver.url(), WORKERLESS.env);
  let worker = startWorkerProcess();
  const interruptedInFlight: number[] = [];
  try {
    const transactions: string[] = [];
    const creating = (async () => {
      for (let batch = 0; batch < 20; batch++) {
        const started = await Promise.all(
          Array.from({ length: 10 }, () => startDummy(request, merchant, { baseURL: WORKERLESS.url })),
        );
        transactions.push(...started.map((t) => t.id));
      }
    })();

    for (let kill_ = 1; kill_ <= 5; kill_++) {
      await eventually(async () => receiver.deliveries.length >= kill_ * 25 && receiver.inFlight > 0, {
        timeout: 60_000,
        interval: 20,
      });
      interruptedInFlight.push(receiver.inFlight);
      await kill(worker, "SIGKILL");
      worker = startWorkerProcess();
    }
    await creating;
    expect(transactions).toHaveLength(200);

    // Every event ends delivered: lost attempts come back once their lease runs out (sweeper).
    const ids = new Set(transactions);
    await eventually(
      async () => {
        const received = new Set(receiver.deliveries.map((d) => JSON.parse(d.body).id));
        return [...ids].every((id) => received.has(id));
      },
      { timeout: 120_000, interval: 500 },
    );
    const events = await Promise.all(
      transactions.map((id) =>
        eventsWhen(request, merchant, id, (es) => es[0]?.status === "delivered", {
          baseURL: WORKERLESS.url,
          timeout: 30_000,
        }),
      ),
    );
    const byId = new Map(events.map(([e]) => [e.id, e]));
    expect(byId.size).toBe(200);
    // At least once, never to the wrong event: every delivery carries its event's id and verifies.
    for (const d of receiver.deliveries) {
      const body = verifyDelivery(d, merchant.webhook_secret) as { id: string };
      expect(byId.get(d.headers["webhook-id"])?.transaction).toBe(body.id);
    }
    expect(interruptedInFlight.some((n) => n > 0)).toBe(true);
    test.info().annotations.push({
      type: "crash-test",
      description: `deliveries ${receiver.deliveries.length} for 200 events; in flight at the kills: ${interruptedInFlight.join(", ")}`,
    });
  } finally {
    await kill(worker, "SIGTERM");
    await receiver.close();
  }
});

test("after the last of the eight tries the event is marked failed", async ({ request }) => {
  test.setTimeout(90_000);
  const receiver = await Receiver.start(500);
  const merchant = createMerchant("Broken shop", receiver.url(), WORKERLESS.env);
  // Scaled so that the whole 28 h schedule takes well under a second of waiting (the queue polls each second).
  const worker = startWorkerProcess({ WEBHOOK_RETRY_SCALE: "0.00001" });
  try {
    const t = await startDummy(request, merchant, { baseURL: WORKERLESS.url });
    const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "failed", {
      baseURL: WORKERLESS.url,
      timeout: 60_000,
    });
    expect(event.next_attempt_at).toBeNull();
    expect(event.delivered_at).toBeNull();
    expect(event.attempts.map((a) => [a.attempt, a.trigger, a.status_code])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, "schedule", 500]),
    );
    expect(receiver.deliveries).toHaveLength(8);
    expect(new Set(receiver.deliveries.map((d) => d.headers["webhook-id"]))).toEqual(new Set([event.id]));
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await webhookEvents(request, merchant, t.id, WORKERLESS.url))[0].attempts).toHaveLength(8);
  } finally {
    await kill(worker, "SIGTERM");
    await receiver.close();
  }
});
