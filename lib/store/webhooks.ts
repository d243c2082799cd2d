import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";
import { getStoreCredentials } from "@/lib/store/config";
import { applyPaymentStatus } from "@/lib/store/orders";

/** Payrail's webhook body (DESIGN section 9); fields the store does not use are ignored. */
const WebhookBodySchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("transaction"),
    id: z.string().min(1).max(100),
    status: z.string().min(1).max(50),
    status_reason: z.string().max(1000).default(""),
    amount: z.string().regex(/^\d{1,12}$/),
    merchant_reference: z.string().max(255).default(""),
    last_status_update: z.iso.datetime(),
  }),
  z.looseObject({ type: z.literal("refund"), id: z.string().min(1).max(100), status: z.string().max(50).default("") }),
]);

export type WebhookAnswer = { status: number; body?: Record<string, unknown> };

/**
 * Verifies and applies one delivery. The signature is checked on the raw body, before anything
 * is parsed or written; a `webhook-id` seen before is acknowledged again and changes nothing
 * (Payrail retries with the same id until it gets a 2xx).
 */
export async function receiveWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const { webhookSecret } = await getStoreCredentials();
  const signed = {
    "webhook-id": headers.get("webhook-id") ?? "",
    "webhook-timestamp": headers.get("webhook-timestamp") ?? "",
    "webhook-signature": headers.get("webhook-signature") ?? "",
  };
  try {
    new Webhook(webhookSecret).verify(rawBody, signed, { jsonParse: false });
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    return { status: 401, body: { error: "invalid_signature", message: err.message } };
  }

  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { error: "invalid_body", message: "The body is not JSON." } };
  }
  // An event type the store does not handle (Payrail may add types): acknowledged and ignored.
  const type =
    json !== null && typeof json === "object" && !Array.isArray(json) ? (json as { type?: unknown }).type : null;
  if (typeof type === "string" && type !== "" && type !== "transaction" && type !== "refund")
    return { status: 200, body: { received: true, ignored: true } };
  const parsed = WebhookBodySchema.safeParse(json);
  // Signed by Payrail but not understood: a 4xx makes Payrail keep it in its delivery log for a human.
  if (!parsed.success) return { status: 400, body: { error: "invalid_body", message: "Unexpected webhook body." } };
  const event = parsed.data;
  const webhookId = signed["webhook-id"].slice(0, 200);

  const applied = await db().$transaction(async (tx) => {
    // The receipt and the order change commit together: a crash in between leaves neither, and Payrail's retry redoes both.
    const { count } = await tx.storeWebhookReceipt.createMany({
      data: [{ webhookId, type: event.type, transactionId: event.id, status: event.status, applied: false }],
      skipDuplicates: true,
    });
    if (count === 0) return "duplicate" as const;
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
