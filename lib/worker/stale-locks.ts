import type { WorkerEvents } from "graphile-worker";
import { db } from "@/lib/db/prisma";
import { startSweeper } from "@/lib/jobs/sweeper";
import { log } from "@/lib/log";
import { TIMER_JOBS } from "@/lib/worker/tasks";

/**
 * A timer job locked this long is not running any more, whoever holds it: its worker lost the
 * database while finishing it and could not release it. Timers are a few short queries, each
 * bounded by DB_QUERY_TIMEOUT_MS; the job queue itself would only retake such a job after 4 hours.
 */
export const STALE_TIMER_LOCK_MS = 60_000;
/** A worker process writes its heartbeat this often ... */
const HEARTBEAT_INTERVAL_MS = 2_000;
/** ... so one silent this long has died (kill -9, a crash): its timer locks are released. */
export const DEAD_WORKER_SILENCE_MS = 6_000;
const SWEEP_INTERVAL_MS = 3_000;

/**
 * Unlocks timer jobs (settlement, approval expiry, the dummy update, a start's result, a refund's
 * processing, timeline steps) that nobody is running, so a worker runs them again at once: those
 * locked by a worker whose heartbeat stopped, and any locked for over a minute. Running a timer
 * twice is safe: each applies its change by compare-and-set (transition()), so a second run finds
 * the change made and does nothing. Safe to run in several processes at once.
 */
export async function releaseStaleTimerLocks(): Promise<number> {
  const silence = DEAD_WORKER_SILENCE_MS / 1000;
  const released = await db().$executeRaw`
    update graphile_worker._private_jobs j set locked_at = null, locked_by = null
    from graphile_worker._private_tasks t
    where t.id = j.task_id and t.identifier = any(${TIMER_JOBS as string[]}::text[])
      and j.locked_at is not null
      and (j.locked_at < now() - make_interval(secs => ${STALE_TIMER_LOCK_MS / 1000})
        or (j.locked_at < now() - make_interval(secs => ${silence})
          and not exists (select 1 from worker_heartbeats h
            where h."workerId" = j.locked_by and h."seenAt" > now() - make_interval(secs => ${silence}))))`;
  await db().$executeRaw`delete from worker_heartbeats where "seenAt" < now() - interval '1 hour'`;
  if (released) log().warn({ released }, "released timer jobs locked by a worker that stopped running them");

  return released;
}

/**
 * Heartbeats for the worker ids of this process's job runner (graphile-worker picks a random id per
 * worker and locks jobs under it), every 2 s until the returned function is called, which also
 * removes them. The sweep trims the rows of workers dead for an hour.
 */
export function startHeartbeat(events: WorkerEvents): () => Promise<void> {
  const ids = new Set<string>();
  events.on("worker:create", ({ worker }) => void ids.add(worker.workerId));
  events.on("worker:stop", ({ worker }) => void ids.delete(worker.workerId));
  const beat = async () => {
    if (!ids.size) return;
    await db().$executeRaw`
      insert into worker_heartbeats ("workerId", "seenAt") select unnest(${[...ids]}::text[]), now()
      on conflict ("workerId") do update set "seenAt" = excluded."seenAt"`;
  };
  const stop = startSweeper("worker heartbeat", HEARTBEAT_INTERVAL_MS, beat);

  return async () => {
    stop();
    const gone = [...ids];
    if (gone.length)
      await db().$executeRaw`delete from worker_heartbeats where "workerId" = any(${gone}::text[])`.catch(
        () => undefined,
      );
  };
}

/** Sweeps now and then every 3 s until the returned function is called. */
export const startStaleLockSweeper = () =>
  startSweeper("stale timer lock sweep", SWEEP_INTERVAL_MS, releaseStaleTimerLocks);
