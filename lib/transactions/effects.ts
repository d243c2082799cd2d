import { env } from "@/lib/env";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { addJob, type AddJobOptions, type JobName, type JobPayloads } from "@/lib/jobs/queue";
import { isProductId } from "@/lib/domain/products";
import { getProcessor } from "@/lib/processors/registry";

/** A job as data: added by addJob() here, or written in one statement by the hot path (lean-sql.ts). */
export type JobSpec<N extends JobName = JobName> = { name: N; payload: JobPayloads[N]; opts: AddJobOptions };

const add = (tx: Prisma.TransactionClient, j: JobSpec) => addJob(tx, j.name, j.payload, j.opts);

/**
 * Timers a status needs when a transaction enters it, scheduled in the same database
 * transaction as the change. A timer that fires after the status moved on changes nothing
 * (lib/jobs/tasks.ts), so none has to be cancelled.
 */
export async function onEnter(
  tx: Prisma.TransactionClient,
  t: Transaction,
  now: Date,
  settlementDelayMs = env().SETTLEMENT_DELAY_MS,
): Promise<void> {
  for (const j of onEnterJobs(t, now, settlementDelayMs)) await add(tx, j);
}

/** `settlementDelayMs`: one sandbox day, by default this process's SETTLEMENT_DELAY_MS. */
export function onEnterJobs(
  t: Pick<Transaction, "id" | "status" | "paymentProduct" | "details">,
  now: Date,
  settlementDelayMs = env().SETTLEMENT_DELAY_MS,
): JobSpec[] {
  if (t.status !== "SETTLEMENT_REQUESTED") return [];
  const days = settlementWaitDays(t, now);
  const runAt = new Date(now.getTime() + settlementDelayMs * Math.max(1, days));
  return [{ name: "settle", payload: { transactionId: t.id }, opts: { runAt, jobKey: `settle:${t.id}` } }];
}

/** Sandbox days until settlement: a product may wait longer (SEPA waits for its due date). */
function settlementWaitDays(t: Pick<Transaction, "paymentProduct" | "details">, now: Date): number {
  if (!isProductId(t.paymentProduct)) return 1;
  const processor = getProcessor(t.paymentProduct);

  return processor.settlementWaitDays?.(t.details as Record<string, unknown>, now) ?? 1;
}

export function approvalExpiryJob(transactionId: string, now: Date): JobSpec<"expire_approval"> {
  const ttlMs = env().APPROVAL_TTL_MS;
  return {
    name: "expire_approval",
    payload: { transactionId, ttlMs },
    opts: { runAt: new Date(now.getTime() + ttlMs), jobKey: `expire:${transactionId}` },
  };
}

export async function scheduleApprovalExpiry(
  tx: Prisma.TransactionClient,
  transactionId: string,
  now: Date,
): Promise<void> {
  await add(tx, approvalExpiryJob(transactionId, now));
}

export function followUpJob(
  transactionId: string,
  followUp: { status: string; reason?: string },
  now: Date,
): JobSpec<"dummy_update"> {
  return {
    name: "dummy_update",
    payload: { transactionId, status: followUp.status, reason: followUp.reason },
    opts: { runAt: new Date(now.getTime() + env().DUMMY_UPDATE_DELAY_MS), jobKey: `dummy:${transactionId}` },
  };
}

export async function scheduleFollowUp(
  tx: Prisma.TransactionClient,
  transactionId: string,
  followUp: { status: string; reason?: string },
  now: Date,
) {
  await add(tx, followUpJob(transactionId, followUp, now));
}

/**
 * The start answers INITIATED (spec 4.2, section 3 statement 1); a server-to-server result (bnpl,
 * direct debit, a wallet token, a reused SEPA mandate, a card token) follows right after through
 * the queue, with its webhook, and the merchant learns it from checkoutsuccess or the webhook.
 */
export function startResultJob(
  transactionId: string,
  result: { status: string; statusReason?: string; followUp?: { status: string; reason?: string } },
  now: Date,
): JobSpec<"apply_start_result"> {
  return {
    name: "apply_start_result",
    payload: {
      transactionId,
      status: result.status,
      reason: result.statusReason ?? "",
      // The timers that follow (settlement) keep the starting server's sandbox speed.
      settlementDelayMs: env().SETTLEMENT_DELAY_MS,
      ...(result.followUp ? { followUp: result.followUp } : {}),
    },
    opts: { runAt: now, jobKey: `result:${transactionId}` },
  };
}
