import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { parseInput } from "@/lib/errors/validation";
import type { Transaction } from "@/lib/generated/prisma/client";
import { getTransactionOrThrow } from "@/lib/transactions/queries";
import { runTimer, TIMER_JOBS } from "@/lib/worker/tasks";

// The sandbox's time control (POST /v1/test/transaction/<id>/advance) lives with the worker: it
// runs the worker's own timer tasks, ahead of time, in the calling process.

type Scope = { organisationId: string; id: string };

export const AdvanceSchema = z.strictObject({ until: z.enum(["next", "final"]).default("next") });

/** Safety net for `until: final`: no real chain of timers is this long. */
const MAX_TIMERS = 50;
/** A timer a worker is running right now: wait this long for it to finish before looking again. */
const BUSY_WAIT_MS = 100;
const BUSY_WAIT_LIMIT_MS = 5_000;

type PendingTimer = { id: bigint; identifier: string; payload: unknown; locked: boolean };

/** The transaction's timers still in the queue (its own, and its refunds'), earliest first. */
async function pendingTimers(transactionId: string): Promise<PendingTimer[]> {
  return db().$queryRaw<PendingTimer[]>`
    select j.id, t.identifier, j.payload, (j.locked_at is not null) as locked
    from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = any(${TIMER_JOBS as string[]}::text[])
      and j.attempts < j.max_attempts
      and (j.payload->>'transactionId' = ${transactionId}
        or j.payload->>'refundId' in (select id::text from refunds where "transactionId" = ${transactionId}::uuid))
    order by j.run_at, j.id`;
}

/** Who holds a job that an advance call is running (graphile-worker's `locked_by`). */
const ADVANCE_LOCK = "payrail-advance";

/**
 * Locks a waiting job as a worker does, so that neither a worker nor another advance call runs it
 * meanwhile (another call waits for it like for a worker's); false when someone locked it first.
 */
async function takeJob(id: bigint): Promise<boolean> {
  const taken = await db().$executeRaw`
    update graphile_worker._private_jobs set locked_at = now(), locked_by = ${ADVANCE_LOCK}
    where id = ${id} and locked_at is null`;

  return taken === 1;
}

/** The timer ran: out of the queue. It failed: unlocked, so the worker retries it as it would have. */
async function releaseJob(id: bigint, ran: boolean): Promise<void> {
  if (ran) await db().$executeRaw`delete from graphile_worker._private_jobs where id = ${id}`;
  else
    await db().$executeRaw`
      update graphile_worker._private_jobs set locked_at = null, locked_by = null
      where id = ${id} and locked_by = ${ADVANCE_LOCK}`;
}

/**
 * Runs the transaction's next pending timer now (approval expiry, settlement incl. SEPA's due
 * date, the dummy update, a refund's processing, a timeline step), or with `until: "final"` every
 * timer until none is left. The timer runs exactly as it would have at its time (a timer that
 * lost its race changes nothing); its queue row is locked while it runs and removed after, so it
 * never runs twice, and a concurrent call waits for it and answers what it did.
 */
export async function advanceTransaction({
  organisationId,
  id,
  body,
}: Scope & { body: unknown }): Promise<{ transaction: Transaction; timersRun: string[] }> {
  const { until } = parseInput(AdvanceSchema, body ?? {}, "advance");
  await getTransactionOrThrow({ organisationId, id });
  const timersRun: string[] = [];
  let busySince = 0;
  while (timersRun.length < (until === "final" ? MAX_TIMERS : 1)) {
    const timers = await pendingTimers(id);
    const next = timers.find((t) => !t.locked);
    if (!next) {
      // A worker (or another advance call) is running one right now: its result (and any timer it
      // schedules) is what comes next.
      busySince ||= Date.now();
      if (timers.length && Date.now() - busySince < BUSY_WAIT_LIMIT_MS) {
        await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
        continue;
      }
      break;
    }
    busySince = 0;
    if (!(await takeJob(next.id))) continue;
    let ran = false;
    try {
      await runTimer(next.identifier as (typeof TIMER_JOBS)[number], next.payload);
      ran = true;
    } finally {
      await releaseJob(next.id, ran);
    }
    timersRun.push(next.identifier);
  }

  return { transaction: await getTransactionOrThrow({ organisationId, id }), timersRun };
}
