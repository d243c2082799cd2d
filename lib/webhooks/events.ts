import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { WebhookAttempt, WebhookEvent } from "@/lib/generated/prisma/client";
import { addJob } from "@/lib/jobs/queue";
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
    { maxAttempts: 5, ...resendSlot(event.id, event.attemptLog) },
  );

  return event;
}

/**
 * Resends are rate limited per event: at most one attempt per WEBHOOK_RESEND_INTERVAL_MS. The job
 * key `resend:<event id>` (mode preserve_run_at) folds every request made while one is pending into
 * that one; a request soon after a resend attempt is queued for the end of the interval.
 */
function resendSlot(eventId: string, attempts: { trigger: string; startedAt: Date }[]) {
  const last = attempts
    .filter((a) => a.trigger === "resend")
    .at(-1)
    ?.startedAt.getTime();
  const earliest = last === undefined ? 0 : last + env().WEBHOOK_RESEND_INTERVAL_MS;

  return {
    jobKey: `resend:${eventId}`,
    jobKeyMode: "preserve_run_at" as const,
    runAt: earliest > Date.now() ? new Date(earliest) : undefined,
  };
}
