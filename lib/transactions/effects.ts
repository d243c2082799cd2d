import { env } from "@/lib/env";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { addJob } from "@/lib/jobs/queue";
import { isProductId } from "@/lib/domain/products";
import { getProcessor } from "@/lib/processors/registry";

/**
 * Timers a status needs when a transaction enters it, scheduled in the same database
 * transaction as the change. A timer that fires after the status moved on changes nothing
 * (lib/jobs/tasks.ts), so none has to be cancelled.
 */
export async function onEnter(tx: Prisma.TransactionClient, t: Transaction, now: Date): Promise<void> {
  if (t.status === "SETTLEMENT_REQUESTED") {
    const days = settlementWaitDays(t, now);
    const runAt = new Date(now.getTime() + env().SETTLEMENT_DELAY_MS * Math.max(1, days));
    await addJob(tx, "settle", { transactionId: t.id }, { runAt, jobKey: `settle:${t.id}` });
  }
}

/** Sandbox days until settlement: a product may wait longer (SEPA waits for its due date). */
function settlementWaitDays(t: Transaction, now: Date): number {
  if (!isProductId(t.paymentProduct)) return 1;
  const processor = getProcessor(t.paymentProduct);

  return processor.settlementWaitDays?.(t.details as Record<string, unknown>, now) ?? 1;
}

export async function scheduleApprovalExpiry(
  tx: Prisma.TransactionClient,
  transactionId: string,
  now: Date,
): Promise<void> {
  const ttlMs = env().APPROVAL_TTL_MS;
  await addJob(
    tx,
    "expire_approval",
    { transactionId, ttlMs },
    { runAt: new Date(now.getTime() + ttlMs), jobKey: `expire:${transactionId}` },
  );
}

export async function scheduleFollowUp(
  tx: Prisma.TransactionClient,
  transactionId: string,
  followUp: { status: string; reason?: string },
  now: Date,
) {
  const runAt = new Date(now.getTime() + env().DUMMY_UPDATE_DELAY_MS);
  await addJob(
    tx,
    "dummy_update",
    { transactionId, status: followUp.status, reason: followUp.reason },
    { runAt, jobKey: `dummy:${transactionId}` },
  );
}
