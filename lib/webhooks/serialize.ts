import { timestamp } from "@/lib/schemas/common";
import type { EventWithAttempts } from "@/lib/webhooks/events";
import { eventBody } from "@/lib/webhooks/outbox";

/** A webhook event with its delivery state and attempt log, as the API returns it. */
export function serializeWebhookEvent(e: EventWithAttempts) {
  return {
    id: e.id,
    type: e.type,
    transaction: e.transactionId,
    status: e.status,
    url: e.targetUrl,
    // Exactly the body that is sent (same key order).
    payload: JSON.parse(eventBody(e.payload as Record<string, unknown>)),
    created_at: timestamp(e.createdAt),
    delivered_at: e.deliveredAt ? timestamp(e.deliveredAt) : null,
    next_attempt_at: e.status === "pending" && e.nextAttemptAt ? timestamp(e.nextAttemptAt) : null,
    attempts: e.attemptLog.map((a) => ({
      attempt: a.attemptNumber,
      trigger: a.trigger,
      url: a.url,
      started_at: timestamp(a.startedAt),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_excerpt: a.responseExcerpt,
      // Only where chaos mode acted (lib/webhooks/chaos.ts): what it did to this attempt.
      ...(a.chaos ? { chaos: a.chaos } : {}),
    })),
  };
}
