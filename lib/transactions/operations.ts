import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { Refund } from "@/lib/generated/prisma/client";
import { addJob } from "@/lib/jobs/queue";
import { isUuid } from "@/lib/schemas/common";
import { statusConflict } from "@/lib/transactions/errors";
import { recordEvent, refundEventPayload } from "@/lib/webhooks/outbox";

type Scope = { organisationId: string; id: string };

const scoped = (id: string) => {
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
}: Scope & { amount: number; reason?: string }): Promise<Refund> {
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
      select status, amount, "capturedAmount", "merchantReference", "organisationId" from transactions where id = ${scoped(id)}::uuid for update`;
    if (!t || t.organisationId !== organisationId) throw ApiError.notFound("transaction", id);
    if (t.status !== "SETTLEMENT_COMPLETED") throw statusConflict("refunded", t.status, ["SETTLEMENT_COMPLETED"]);
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
        id: randomUUID(),
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
    where: { id: scoped(id), organisationId },
    select: { refunds: { orderBy: { createdAt: "asc" } } },
  });
  if (!t) throw ApiError.notFound("transaction", id);

  return t.refunds;
}
