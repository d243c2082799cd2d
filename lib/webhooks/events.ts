import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import type { WebhookAttempt, WebhookEvent } from "@/lib/generated/prisma/client";
import { addJob, DELIVERY_PRIORITY } from "@/lib/jobs/queue";
import { isUuid } from "@/lib/schemas/common";
import { webhookTargetUrl } from "@/lib/webhooks/outbox";

type Scope = { organisationId: string; id: string };

export type EventWithAttempts = WebhookEvent & { attemptLog: WebhookAttempt[] };

/** A transaction's webhook events, oldest first, each with every attempt in order. */
export async function listTransactionWebhooksOrThrow({ organisationId, id }: Scope): Promise<EventWithAttempts[]> {
  const t = isUuid(id)
    ? await db().transaction.findFirst({
        where: { id, organisationId },
        select: {
          events: {
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            include: { attemptLog: { orderBy: { attemptNumber: "asc" } } },
          },
        },
      })
    : null;
  if (!t) throw ApiError.notFound("transaction", id);

  return t.events;
}

/**
 * Queues one extra delivery attempt of an event, now, to the URL that applies now, whatever the
 * event's state (a merchant may have lost a delivered one, or fixed the endpoint of a failed one).
 */
export async function resendWebhookEventOrThrow({ organisationId, id }: Scope): Promise<EventWithAttempts> {
  const event = isUuid(id)
    ? await db().webhookEvent.findFirst({
        where: { id, transaction: { organisationId } },
        include: { attemptLog: { orderBy: { attemptNumber: "asc" } } },
      })
    : null;
  if (!event) throw ApiError.notFound("webhook_event", id);
  const url = await webhookTargetUrl(db(), event.transactionId);
  if (!url) {
    throw new ApiError(
      "130",
      "The event cannot be resent: neither the transaction nor its payment profile has a webhook URL.",
      {
        status: event.status,
        allowed_from: [],
      },
    );
  }
  await addJob(
    db(),
    "deliver_webhook",
    { eventId: event.id, resend: true },
    { maxAttempts: 5, priority: DELIVERY_PRIORITY },
  );

  return event;
}
