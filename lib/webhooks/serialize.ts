import { timestamp } from "@/lib/schemas/common";
import type { WebhookEventObject } from "@/lib/schemas/webhook";
import type { EventWithAttempts } from "@/lib/webhooks/events";
import { eventBody } from "@/lib/webhooks/outbox";

type Attempt = WebhookEventObject["attempts"][number];

/** A webhook event with its delivery state and attempt log, as the API returns it (WebhookEventSchema). */
export function serializeWebhookEvent(e: EventWithAttempts): WebhookEventObject {
  return {
    id: e.id,
    type: e.type as WebhookEventObject["type"],
    transaction: e.transactionId,
    status: e.status as WebhookEventObject["status"],
    url: e.targetUrl,
    // Exactly the body that is sent (same key order).
    payload: JSON.parse(eventBody(e.payload as Record<string, unknown>)),
    created_at: timestamp(e.createdAt),
    delivered_at: e.deliveredAt ? timestamp(e.deliveredAt) : null,
    next_attempt_at: e.status === "pending" && e.nextAttemptAt ? timestamp(e.nextAttemptAt) : null,
    attempts: e.attemptLog.map(
      (a): Attempt => ({
        attempt: a.attemptNumber,
        trigger: a.trigger as Attempt["trigger"],
        url: a.url,
        started_at: timestamp(a.startedAt),
        duration_ms: a.durationMs,
        status_code: a.statusCode,
        error: a.error,
        response_excerpt: a.responseExcerpt,
        // Only where chaos mode acted (lib/webhooks/chaos.ts): what it did to this attempt.
        ...(a.chaos ? { chaos: a.chaos as Record<string, unknown> } : {}),
      }),
    ),
  };
}
