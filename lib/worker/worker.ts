import { EventEmitter } from "node:events";
import { Logger, run, type Runner, type WorkerEvents } from "graphile-worker";
import { env } from "@/lib/env";
import { taskList } from "@/lib/worker/tasks";
import { log } from "@/lib/log";
import { startWebhookSweeper } from "@/lib/webhooks/sweep";
import { releaseStaleTimerLocks, startHeartbeat, startStaleLockSweeper } from "@/lib/worker/stale-locks";

const WORKER_MIN_CONCURRENCY = 8;

const g = globalThis as unknown as { payrailWorker?: Promise<Runner> };

const logger = new Logger((scope) => (level, message, meta) => {
  const l = log().child({ component: "worker", ...scope });
  const data = meta ?? {};
  if (level === "error") l.error(data, message);
  else if (level === "warning") l.warn(data, message);
  else l.debug(data, message);
});

/**
 * Starts the job worker (once per process): timers, refunds, webhook deliveries, and the sweepers
 * that revive webhook deliveries and timers lost with a crashed process.
 */
export function startWorker(): Promise<Runner> {
  g.payrailWorker ??= startRunner();
  return g.payrailWorker;
}

async function startRunner(): Promise<Runner> {
  const e = env();
  // Timers a killed predecessor left locked are free before this runner picks its first job, so
  // they run in their order (a dummy update before the settlement due after it).
  await releaseStaleTimerLocks().catch((err) => log().warn({ err }, "stale timer lock release at start failed"));
  const events: WorkerEvents = new EventEmitter();
  const stopHeartbeat = startHeartbeat(events);
  const runner = await run({
    connectionString: e.DATABASE_URL,
    // Sized by DB_POOL_MAX like every pool of the process (docs/configuration.md).
    maxPoolSize: e.DB_POOL_MAX,
    taskList,
    // Retention. Cron runs it once per hour across all workers (graphile-worker's known_crontabs).
    crontab: "0 * * * * purge_expired",
    // A running job may hold one of Prisma's connections for a transaction: more jobs at once
    // than connections would only make them wait for one (and time out under load).
    concurrency: Math.max(WORKER_MIN_CONCURRENCY, e.DB_POOL_MAX),
    // A new job wakes the worker at once: add_job NOTIFYs `jobs:insert` at commit. Polling is
    // only the fallback for jobs that become due later (timers, retries).
    pollInterval: 1000,
    noHandleSignals: true,
    logger,
    events,
  }).catch(async (err) => {
    await stopHeartbeat();
    throw err;
  });
  // And once at start (one job for all workers starting together: the job key).
  await runner.addJob("purge_expired", {}, { jobKey: "purge_expired" });
  const stopSweepers = [startWebhookSweeper(), startStaleLockSweeper()];
  runner.promise
    .finally(() => {
      for (const stop of stopSweepers) stop();
      return stopHeartbeat();
    })
    .catch(() => {});
  return runner;
}
