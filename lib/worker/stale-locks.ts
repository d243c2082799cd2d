import { db } from "@/lib/db/prisma";
import { startSweeper } from "@/lib/jobs/sweeper";
import { log } from "@/lib/log";
import { TIMER_JOBS } from "@/lib/worker/tasks";

/**
 * A timer job locked this long is not running any more: its worker died (kill -9), or lost the
 * database while finishing it and could not release it. Timers are a few short queries, each
 * bounded by DB_QUERY_TIMEOUT_MS; the job queue itself would only retake such a job after 4 hours.
 */
export const STALE_TIMER_LOCK_MS = 60_000;
const SWEEP_INTERVAL_MS = 10_000;

/**
 * Unlocks timer jobs (settlement, approval expiry, the dummy update, a start's result, a refund's
 * processing, timeline steps) whose lock is stale, so a worker runs them again at once. Running a
 * timer twice is safe: each applies its change by compare-and-set (transition()), so a second run
 * finds the change made and does nothing. Safe to run in several processes at once.
 */
export async function releaseStaleTimerLocks(): Promise<number> {
  const released = await db().$executeRaw`
    update graphile_worker._private_jobs j set locked_at = null, locked_by = null
    from graphile_worker._private_tasks t
    where t.id = j.task_id and t.identifier = any(${TIMER_JOBS as string[]}::text[])
      and j.locked_at < now() - make_interval(secs => ${STALE_TIMER_LOCK_MS / 1000})`;
  if (released) log().warn({ released }, "released timer jobs locked by a worker that stopped running them");

  return released;
}

/** Sweeps now and then every 10 s until the returned function is called. */
export const startStaleLockSweeper = () =>
  startSweeper("stale timer lock sweep", SWEEP_INTERVAL_MS, releaseStaleTimerLocks);
