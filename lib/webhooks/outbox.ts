import { randomUUID } from "node:crypto";
import type { Prisma, Refund, Transaction } from "@/lib/generated/prisma/client";
import { timestamp } from "@/lib/schemas/common";

/** The minimal webhook body (DESIGN section 9), frozen when the change happens. */
export function transactionEventPayload(t: Pick<Transaction, "id" | "status" | "statusReason" | "amount" | "merchantReference" | "lastStatusUpdate">) {
  return {
    type: "transaction",
    id: t.id,
    status: t.status,
    status_reason: t.statusReason,
    amount: String(t.amount),
    merchant_reference: t.merchantReference,
    last_status_update: timestamp(t.lastStatusUpdate),
  };
}

export function refundEventPayload(r: Refund, t: Pick<Transaction, "id" | "merchantReference">) {
  return {
    type: "refund",
    id: r.id,
    transaction: t.id,
    status: r.status,
    status_reason: "",
    amount: String(r.amount),
    merchant_reference: t.merchantReference,
    last_status_update: timestamp(r.lastStatusUpdate),
  };
}

/**
 * Writes the outbox row for a change, on the client of the change's own database transaction,
 * so the notification exists exactly when the change does.
 */
export async function recordEvent(client: Prisma.TransactionClient, transactionId: string, payload: { type: string } & Record<string, unknown>) {
  await client.webhookEvent.create({ data: { id: randomUUID(), transactionId, type: payload.type, payload: payload as Prisma.InputJsonValue } });
}
