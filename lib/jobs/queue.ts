import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Job names and payloads. Jobs are added with graphile-worker's SQL `add_job` on the caller's
 * database client, so a job scheduled by a status change commits (or rolls back) with it: a
 * process that dies after the commit loses nothing, one that dies before it leaves no orphan job.
 */
export type JobPayloads = {
  /** `ttlMs`: the approval time the transaction was given (the job may run in another process). */
  expire_approval: { transactionId: string; ttlMs: number };
  settle: { transactionId: string };
  dummy_update: { transactionId: string; status: string; reason?: string };
  /** A server-to-server result, applied right after the start answered INITIATED (spec 4.2). */
  apply_start_result: {
    transactionId: string;
    status: string;
    reason: string;
    settlementDelayMs?: number;
    followUp?: { status: string; reason?: string };
  };
  process_refund: { refundId: string };
  /** A scripted sandbox timeline (POST /v1/test/transaction/<id>/timeline): the steps still to apply, in order. */
  sandbox_timeline: { transactionId: string; steps: { at: string; status: string; reason: string }[] };
  /** `resend`: one extra attempt now, outside the retry schedule (POST /v1/webhook-event/<id>/resend). */
  deliver_webhook: { eventId: string; resend?: boolean };
  /** Retention: idempotency keys older than 24 h (hourly, and when a worker starts). */
  purge_expired: Record<string, never>;
};
export type JobName = keyof JobPayloads;

export type AddJobOptions = {
  runAt?: Date;
  /** A job with the same key replaces the pending one (no duplicate timers). */
  jobKey?: string;
  /** `preserve_run_at`: a pending job with the same key keeps its time (rate limiting). */
  jobKeyMode?: "replace" | "preserve_run_at";
  maxAttempts?: number;
  /** Jobs in one queue run one at a time, in order. */
  queue?: string;
  /** Lower runs first among due jobs (default 0); webhook deliveries use DELIVERY_PRIORITY. */
  priority?: number;
};

/**
 * Webhook deliveries go ahead of other due jobs: a backlog of timers (a burst of approvals
 * expiring at once) must not delay the notifications of changes that already happened.
 */
export const DELIVERY_PRIORITY = -10;

export async function addJob<N extends JobName>(
  client: Prisma.TransactionClient,
  name: N,
  payload: JobPayloads[N],
  opts: AddJobOptions = {},
): Promise<void> {
  await client.$executeRaw`select graphile_worker.add_job(
    ${name}::text,
    ${JSON.stringify(payload)}::json,
    queue_name => ${opts.queue ?? null}::text,
    run_at => ${opts.runAt ?? null}::timestamptz,
    max_attempts => ${opts.maxAttempts ?? 10}::int,
    job_key => ${opts.jobKey ?? null}::text,
    job_key_mode => ${opts.jobKeyMode ?? "replace"}::text,
    priority => ${opts.priority ?? 0}::int
  )`;
}
