import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { TransactionStatus } from "@/lib/domain/statuses";
import type { Refund } from "@/lib/generated/prisma/client";
import { addJob } from "@/lib/jobs/queue";
import { isUuid } from "@/lib/schemas/common";
import { statusConflict } from "@/lib/transactions/errors";
import { recordEvent, refundEventPayload } from "@/lib/webhooks/outbox";

type Scope = { organisationId: string; id: string };

/** The statuses each merchant operation starts from (the dashboard shows a button only there). */
export const OPERATION_FROM = {
  capture: ["AUTHORIZED"],
  void: ["AUTHORIZED"],
  // A payment the shopper has not finished (they chose another way to pay), or one before settlement.
  cancel: ["INITIATED", "IN_PROGRESS", "PENDING", "SETTLEMENT_REQUESTED"],
  refund: ["SETTLEMENT_COMPLETED"],
} as const satisfies Record<string, readonly TransactionStatus[]>;

/** A transaction id as given by the caller: not a UUID means no such transaction (404, never a 400 or 500). */
const transactionIdOrNotFound = (id: string) => {
  if (!isUuid(id)) throw ApiError.notFound("transaction", id);
  return id;
};

// Capture, void and cancel: lib/transactions/lean.ts (one statement each, through pg).

/**
 * A refund of a settled transaction. The transaction row is locked while the refundable
 * remainder is computed, so concurrent refunds can never add up to more than was captured.
 */
export async function refundTransaction({
  organisationId,
  id,
  amount,
  reason,
  refundId = randomUUID(),
}: Scope & { amount: number; reason?: string; refundId?: string }): Promise<Refund> {
  return db().$transaction(async (tx) => {
    const [t] = await tx.$queryRaw<
      {
        status: string;
        amount: number;
        capturedAmount: number | null;
        merchantReference: string;
        organisationId: string;
      }[]
    >`
      select status, amount, "capturedAmount", "merchantReference", "organisationId" from transactions where id = ${transactionIdOrNotFound(id)}::uuid for update`;
    if (!t || t.organisationId !== organisationId) throw ApiError.notFound("transaction", id);
    if (!(OPERATION_FROM.refund as readonly string[]).includes(t.status))
      throw statusConflict("refunded", t.status, [...OPERATION_FROM.refund]);
    const refunded = await tx.refund.aggregate({
      where: { transactionId: id, status: { not: "FAILED" } },
      _sum: { amount: true },
    });
    const refundable = (t.capturedAmount ?? t.amount) - (refunded._sum.amount ?? 0);
    if (amount > refundable)
      throw ApiError.validation("refund", { amount: `Exceeds the refundable amount (${refundable})` });

    const now = new Date();
    const refund = await tx.refund.create({
      data: {
        id: refundId,
        transactionId: id,
        amount,
        reason: reason ?? "",
        status: "PENDING",
        createdAt: now,
        lastStatusUpdate: now,
      },
    });
    await recordEvent(tx, id, refundEventPayload(refund, { id, merchantReference: t.merchantReference }));
    await addJob(
      tx,
      "process_refund",
      { refundId: refund.id },
      { runAt: new Date(now.getTime() + env().REFUND_DELAY_MS) },
    );

    return refund;
  });
}

/** The sandbox processes every refund: PENDING → PROCESSED (a timer). */
export async function processRefund(refundId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.refund.updateMany({
      where: { id: refundId, status: "PENDING" },
      data: { status: "PROCESSED", lastStatusUpdate: now },
    });
    if (count !== 1) return;
    const refund = await tx.refund.findUniqueOrThrow({
      where: { id: refundId },
      include: { transaction: { select: { id: true, merchantReference: true } } },
    });
    await recordEvent(tx, refund.transactionId, refundEventPayload(refund, refund.transaction));
  });
}

export async function listRefunds({ organisationId, id }: Scope): Promise<Refund[]> {
  const t = await db().transaction.findFirst({
    where: { id: transactionIdOrNotFound(id), organisationId },
    select: { refunds: { orderBy: { createdAt: "asc" } } },
  });
  if (!t) throw ApiError.notFound("transaction", id);

  return t.refunds;
}
