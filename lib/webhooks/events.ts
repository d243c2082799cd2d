import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
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
  await queueResend(event.id);

  return event;
}

/**
 * Resends are rate limited per event: at most one attempt per WEBHOOK_RESEND_INTERVAL_MS. The
 * event row holds the time the latest resend was queued for (`resendSlotAt`, updated under a row
 * lock); a request within the interval after it is queued for the end of the interval, and every
 * request while that one waits joins it (job key `resend:<event id>`, mode preserve_run_at).
 */
async function queueResend(eventId: string): Promise<void> {
  const interval = env().WEBHOOK_RESEND_INTERVAL_MS;
  await db().$transaction(async (tx) => {
    await tx.$executeRaw`select 1 from webhook_events where id = ${eventId}::uuid for update`;
    const row = await tx.webhookEvent.findUnique({ where: { id: eventId }, select: { resendSlotAt: true } });
    const now = Date.now();
    const last = row?.resendSlotAt?.getTime();
    const slot = last === undefined ? now : last > now ? last : Math.max(now, last + interval);
    if (slot !== last) await tx.webhookEvent.update({ where: { id: eventId }, data: { resendSlotAt: new Date(slot) } });
    await addJob(
      tx,
      "deliver_webhook",
      { eventId, resend: true },
      {
        maxAttempts: 5,
        jobKey: `resend:${eventId}`,
        jobKeyMode: "preserve_run_at",
        runAt: slot > now ? new Date(slot) : undefined,
        priority: DELIVERY_PRIORITY,
      },
    );
  });
}
