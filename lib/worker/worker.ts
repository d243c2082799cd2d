import { Logger, run, type Runner } from "graphile-worker";
import { env } from "@/lib/env";
import { taskList } from "@/lib/worker/tasks";
import { log } from "@/lib/log";
import { startWebhookSweeper } from "@/lib/webhooks/sweep";

const g = globalThis as unknown as { payrailWorker?: Promise<Runner> };

const logger = new Logger((scope) => (level, message, meta) => {
  const l = log().child({ component: "worker", ...scope });
  const data = meta ?? {};
  if (level === "error") l.error(data, message);
  else if (level === "warning") l.warn(data, message);
  else l.debug(data, message);
});

/**
 * Starts the job worker (once per process): timers, refunds, webhook deliveries, and the sweeper
 * that revives webhook deliveries lost with a crashed process.
 */
export function startWorker(): Promise<Runner> {
  g.payrailWorker ??= run({
    connectionString: env().DATABASE_URL,
    taskList,
    concurrency: 8,
    pollInterval: 1000,
    noHandleSignals: true,
    logger,
  }).then((runner) => {
    const stopSweeper = startWebhookSweeper();
    runner.promise.finally(stopSweeper).catch(() => {});
    return runner;
  });
  return g.payrailWorker;
}
