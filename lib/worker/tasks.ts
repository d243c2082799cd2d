import type { Task, TaskList } from "graphile-worker";
import { ApiError } from "@/lib/errors/api-error";
import type { JobName, JobPayloads } from "@/lib/jobs/queue";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";
import { onEnter, scheduleFollowUp } from "@/lib/transactions/effects";
import { processRefund } from "@/lib/transactions/operations";
import { AWAITING_SHOPPER, isStatus } from "@/lib/domain/statuses";
import { transition, type TransitionOptions } from "@/lib/transactions/transition";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { purgeExpiredIdempotencyKeys } from "@/lib/db/retention";
import { runTimelineStep, type TimelineStep } from "@/lib/sandbox/timeline";

/**
 * A timer that lost the race (the shopper or the merchant changed the status first) must change
 * nothing: transition() refuses it with 130, which ends the job quietly instead of retrying it.
 */
async function timerTransition(opts: Omit<TransitionOptions, "actor">): Promise<void> {
  try {
    await transition({ ...opts, actor: "timer" });
  } catch (err) {
    if (err instanceof ApiError && (err.code === "130" || err.code === "120")) {
      log().debug({ transactionId: opts.transactionId, to: opts.to, code: err.code }, "timer skipped: status moved on");
      return;
    }
    throw err;
  }
}

/** A time limit as a shopper reads it in the reason: "15 minutes", "1 hour", "4 seconds". */
function spelledDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const [n, unit] =
    s % 3600 === 0 && s > 0 ? [s / 3600, "hour"] : s % 60 === 0 && s > 0 ? [s / 60, "minute"] : [s, "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

const handlers: {
  [N in Exclude<JobName, "deliver_webhook" | "purge_expired">]: (payload: JobPayloads[N]) => Promise<void>;
} = {
  expire_approval: ({ transactionId, ttlMs }) =>
    timerTransition({
      transactionId,
      to: "ABANDONED",
      from: AWAITING_SHOPPER,
      reason: `Not completed within ${spelledDuration(ttlMs)}`,
    }),
  settle: ({ transactionId }) =>
    timerTransition({ transactionId, to: "SETTLEMENT_COMPLETED", from: ["SETTLEMENT_REQUESTED"], reason: "Settled" }),
  // Never dropped: applied whatever the status is by then (only a vanished transaction skips it).
  dummy_update: async ({ transactionId, status, reason }) => {
    if (!isStatus(status)) return;
    await timerTransition({
      transactionId,
      to: status,
      reason: reason ?? "Set by dummy_outcome_update",
      override: true,
    });
  },
  apply_start_result: async ({ transactionId, status, reason, settlementDelayMs, followUp }) => {
    if (!isStatus(status)) return;
    try {
      await db().$transaction(async (tx) => {
        const now = new Date();
        // Its timers (settlement) at the starting server's sandbox speed, not this worker's.
        const t = await transition({
          client: tx,
          transactionId,
          to: status,
          from: ["INITIATED"],
          reason,
          actor: "sandbox",
          scheduleTimers: false,
        });
        await onEnter(tx, t, now, settlementDelayMs);
        if (followUp) await scheduleFollowUp(tx, transactionId, followUp, now);
      });
    } catch (err) {
      // Already moved on (the sandbox's own controls, a reset): nothing to apply.
      if (err instanceof ApiError && (err.code === "130" || err.code === "120")) return;
      throw err;
    }
  },
  process_refund: ({ refundId }) => processRefund(refundId),
  sandbox_timeline: ({ transactionId, steps }) => runTimelineStep({ transactionId, steps: steps as TimelineStep[] }),
};

/** The timers (every job but deliveries), which the sandbox can run ahead of time (lib/worker/advance.ts). */
export const TIMER_JOBS = Object.keys(handlers) as (keyof typeof handlers)[];

/** Runs one timer job now, in this process (its queue row already removed by the caller). */
export function runTimer(name: (typeof TIMER_JOBS)[number], payload: unknown): Promise<void> {
  return handlers[name](payload as never);
}

const asTask =
  <N extends keyof typeof handlers>(name: N): Task =>
  async (payload) => {
    await handlers[name](payload as JobPayloads[N]);
  };

export const taskList: TaskList = {
  expire_approval: asTask("expire_approval"),
  settle: asTask("settle"),
  dummy_update: asTask("dummy_update"),
  apply_start_result: asTask("apply_start_result"),
  process_refund: asTask("process_refund"),
  sandbox_timeline: asTask("sandbox_timeline"),
  // Receiver failures never throw (they are recorded and retried on the webhook schedule); only
  // our own faults (database down) do, and the queue retries those.
  deliver_webhook: async (payload) => {
    await deliverWebhook(payload as JobPayloads["deliver_webhook"]);
  },
  // Hourly (crontab in lib/jobs/worker.ts) and once when a worker starts.
  purge_expired: async () => {
    await purgeExpiredIdempotencyKeys();
  },
};
