import { randomUUID } from "node:crypto";
import type { Prisma, Refund, Transaction } from "@/lib/generated/prisma/client";
import { addJob, DELIVERY_PRIORITY } from "@/lib/jobs/queue";
import { timestamp } from "@/lib/schemas/common";

/** The minimal webhook body (DESIGN section 9), frozen when the change happens. */
export function transactionEventPayload(
  t: Pick<Transaction, "id" | "status" | "statusReason" | "amount" | "merchantReference" | "lastStatusUpdate">,
) {
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

const BODY_KEY_ORDER = [
  "type",
  "id",
  "transaction",
  "status",
  "status_reason",
  "amount",
  "merchant_reference",
  "last_status_update",
];

/**
 * The exact body sent for an event: its payload with the keys in the documented order (the
 * payload is stored as JSONB, which does not keep key order). Unknown keys follow, sorted.
 */
export function eventBody(payload: Record<string, unknown>): string {
  const keys = [
    ...BODY_KEY_ORDER.filter((k) => k in payload),
    ...Object.keys(payload)
      .filter((k) => !BODY_KEY_ORDER.includes(k))
      .sort(),
  ];

  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, payload[k]])));
}

/**
 * Where a transaction's webhooks go: its own `webhook_transaction_update`, else its payment
 * profile's; "" when neither is set.
 */
export async function webhookTargetUrl(client: Prisma.TransactionClient, transactionId: string): Promise<string> {
  const t = await client.transaction.findUnique({
    where: { id: transactionId },
    select: { webhookUrl: true, paymentProfile: { select: { webhookTransactionUpdate: true } } },
  });

  return t?.webhookUrl || t?.paymentProfile.webhookTransactionUpdate || "";
}

/**
 * Writes the outbox row for a change and, when a webhook URL applies, the job that delivers it,
 * both on the client of the change's own database transaction: the notification and its delivery
 * exist exactly when the change does, and a process that dies after the commit loses neither.
 * Without a URL the event is still written (it is the log) as `skipped`.
 */
export async function recordEvent(
  client: Prisma.TransactionClient,
  transactionId: string,
  payload: { type: string } & Record<string, unknown>,
) {
  const id = randomUUID();
  const targetUrl = await webhookTargetUrl(client, transactionId);
  const now = new Date();
  await client.webhookEvent.create({
    data: {
      id,
      transactionId,
      type: payload.type,
      payload: payload as Prisma.InputJsonValue,
      createdAt: now,
      targetUrl,
      status: targetUrl ? "pending" : "skipped",
      nextAttemptAt: targetUrl ? now : null,
    },
  });
  if (targetUrl) await scheduleDelivery(client, id, now);
}

/**
 * The job for an event's next scheduled attempt. One key per event: scheduling again replaces a
 * waiting job instead of adding a second, and takes the key from a job that is stuck locked by a
 * dead process, which then never runs.
 */
export async function scheduleDelivery(client: Prisma.TransactionClient, eventId: string, runAt: Date): Promise<void> {
  await addJob(
    client,
    "deliver_webhook",
    { eventId },
    { runAt, jobKey: `webhook:${eventId}`, maxAttempts: 5, priority: DELIVERY_PRIORITY },
  );
}
