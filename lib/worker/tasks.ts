import type { Task, TaskList } from "graphile-worker";
import { ApiError } from "@/lib/errors/api-error";
import type { JobName, JobPayloads } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { processRefund } from "@/lib/transactions/operations";
import { AWAITING_SHOPPER, isStatus } from "@/lib/domain/statuses";
import { transition, type TransitionOptions } from "@/lib/transactions/transition";
import { deliverWebhook } from "@/lib/webhooks/deliver";
import { purgeExpiredIdempotencyKeys } from "@/lib/db/retention";

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

const handlers: {
  [N in Exclude<JobName, "deliver_webhook" | "purge_expired">]: (payload: JobPayloads[N]) => Promise<void>;
} = {
  expire_approval: ({ transactionId, ttlMs }) =>
    timerTransition({
      transactionId,
      to: "ABANDONED",
      from: AWAITING_SHOPPER,
      reason: `Not completed within ${Math.round(ttlMs / 1000)} s`,
    }),
  settle: ({ transactionId }) =>
    timerTransition({ transactionId, to: "SETTLEMENT_COMPLETED", from: ["SETTLEMENT_REQUESTED"], reason: "Settled" }),
  dummy_update: async ({ transactionId, status, reason }) => {
    if (!isStatus(status)) return;
    await timerTransition({ transactionId, to: status, reason: reason ?? "Set by dummy_outcome_update" });
  },
  process_refund: ({ refundId }) => processRefund(refundId),
};

const asTask =
  <N extends keyof typeof handlers>(name: N): Task =>
  async (payload) => {
    await handlers[name](payload as JobPayloads[N]);
  };

export const taskList: TaskList = {
  expire_approval: asTask("expire_approval"),
  settle: asTask("settle"),
  dummy_update: asTask("dummy_update"),
  process_refund: asTask("process_refund"),
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
