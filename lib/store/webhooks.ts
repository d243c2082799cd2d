import { type PayrailEvent, verifyWebhook, WebhookPayloadError, WebhookVerificationError } from "@/lib/client";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";
import { getStoreCredentials } from "@/lib/store/config";
import { applyPaymentStatus, applyRefund } from "@/lib/store/orders";

export type WebhookAnswer = { status: number; body?: Record<string, unknown> };

/**
 * Verifies and applies one delivery. The signature is checked on the raw body, before anything
 * is parsed or written (verifyWebhook of Payrail's client); a `webhook-id` seen before is
 * acknowledged again and changes nothing (Payrail retries with the same id until it gets a 2xx).
 */
export async function receiveWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const { webhookSecret } = await getStoreCredentials();
  let verified: PayrailEvent;
  try {
    verified = verifyWebhook(rawBody, headers, webhookSecret);
  } catch (err) {
    if (err instanceof WebhookVerificationError) {
      return { status: 401, body: { error: "invalid_signature", message: err.message } };
    }
    if (err instanceof WebhookPayloadError) {
      // An event type the store does not handle (Payrail may add types): acknowledged and ignored.
      if (isUnknownEventType(rawBody)) return { status: 200, body: { received: true, ignored: true } };
      // Signed by Payrail but not understood: a 4xx makes Payrail keep it in its delivery log for a human.
      return { status: 400, body: { error: "invalid_body", message: err.message } };
    }
    throw err;
  }
  const event = verified.payload;
  const webhookId = verified.webhookId.slice(0, 200);

  const applied = await db().$transaction(async (tx) => {
    // The receipt and the order change commit together: a crash in between leaves neither, and Payrail's retry redoes both.
    const { count } = await tx.storeWebhookReceipt.createMany({
      data: [{ webhookId, type: event.type, transactionId: event.id, status: event.status, applied: false }],
      skipDuplicates: true,
    });
    if (count === 0) return "duplicate" as const;
    // A refund counts once it is processed (its first event, PENDING, only announces it).
    if (event.type === "refund") {
      const refunded =
        event.status === "PROCESSED" &&
        (await applyRefund({ transactionId: event.transaction, amount: Number(event.amount) }, tx));
      if (refunded) await tx.storeWebhookReceipt.update({ where: { webhookId }, data: { applied: true } });
      return refunded;
    }
    if (event.type !== "transaction") return false;
    const changed = await applyPaymentStatus(
      {
        transactionId: event.id,
        reference: event.merchant_reference || undefined,
        status: event.status,
        statusReason: event.status_reason,
        at: new Date(event.last_status_update),
        source: "webhook",
        amount: Number(event.amount),
      },
      tx,
    );
    if (changed) await tx.storeWebhookReceipt.update({ where: { webhookId }, data: { applied: true } });

    return changed;
  });
  log().info(
    { webhookId, type: event.type, transaction: event.id, status: event.status, applied },
    "store: webhook received",
  );

  return { status: 200, body: { received: true, duplicate: applied === "duplicate", applied: applied === true } };
}

/** A JSON object whose `type` is a string other than the ones this store knows. */
function isUnknownEventType(rawBody: string): boolean {
  try {
    const json: unknown = JSON.parse(rawBody);
    const type =
      json !== null && typeof json === "object" && !Array.isArray(json) ? (json as { type?: unknown }).type : null;
    return typeof type === "string" && type !== "" && type !== "transaction" && type !== "refund";
  } catch {
    return false;
  }
}
