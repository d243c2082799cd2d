import { q } from "@/lib/db/pg";

/**
 * The delivery path's SQL (lib/webhooks/deliver.ts), plain pg with named statements: the event
 * with what signing needs in one round trip, the claim in one, and a delivered attempt recorded in
 * one (an event the API writes is claimed by the API's own statement: lib/transactions/lean-sql.ts). Same rows and rules as the Prisma queries they replace (docs/decisions.md: webhook lag);
 * a failed attempt, which schedules a retry, is still recorded through Prisma.
 */

export type DeliveryEvent = {
  status: string;
  nextAttemptAt: Date | null;
  targetUrl: string;
  payload: unknown;
  transaction: {
    webhookUrl: string;
    paymentProfile: {
      webhookTransactionUpdate: string;
      webhookSecret: string;
      previousWebhookSecret: string | null;
      previousSecretExpiresAt: Date | null;
      webhookChaos: unknown;
    };
  };
};

type EventRow = Omit<DeliveryEvent, "transaction"> & {
  webhookUrl: string;
} & DeliveryEvent["transaction"]["paymentProfile"];

const toEvent = (r: EventRow): DeliveryEvent => ({
  status: r.status,
  nextAttemptAt: r.nextAttemptAt,
  targetUrl: r.targetUrl,
  payload: r.payload,
  transaction: {
    webhookUrl: r.webhookUrl,
    paymentProfile: {
      webhookTransactionUpdate: r.webhookTransactionUpdate,
      webhookSecret: r.webhookSecret,
      previousWebhookSecret: r.previousWebhookSecret,
      previousSecretExpiresAt: r.previousSecretExpiresAt,
      webhookChaos: r.webhookChaos,
    },
  },
});

export async function loadDeliveryEvent(eventId: string): Promise<DeliveryEvent | null> {
  const [r] = await q<EventRow>(
    "payrail_delivery_event",
    `select e.status, e."nextAttemptAt", e."targetUrl", e.payload, t."webhookUrl",
       p."webhookTransactionUpdate", p."webhookSecret", p."previousWebhookSecret", p."previousSecretExpiresAt",
       p."webhookChaos"
     from webhook_events e
     join transactions t on t.id = e."transactionId"
     join payment_profiles p on p.id = t."paymentProfileId"
     where e.id = $1::uuid`,
    [eventId],
  );
  return r ? toEvent(r) : null;
}

/**
 * Numbers the attempt; a scheduled one also takes the lease, and only while the event is still due
 * (`dueBy`). The attempt number, or null when the event is not (or no longer) there to claim.
 */
export async function claimDeliveryAttempt(
  eventId: string,
  resend: boolean,
  leaseUntil: Date,
  dueBy: Date,
): Promise<number | null> {
  const rows = resend
    ? await q<{ attempts: number }>(
        "payrail_delivery_claim_resend",
        `update webhook_events set attempts = attempts + 1 where id = $1::uuid returning attempts`,
        [eventId],
      )
    : await q<{ attempts: number }>(
        "payrail_delivery_claim",
        `update webhook_events set attempts = attempts + 1, "nextAttemptAt" = $2::timestamptz
         where id = $1::uuid and status = 'pending' and "nextAttemptAt" <= $3::timestamptz
         returning attempts`,
        [eventId, leaseUntil.toISOString(), dueBy.toISOString()],
      );
  return rows[0]?.attempts ?? null;
}

export type DeliveredAttempt = {
  eventId: string;
  attemptNumber: number;
  trigger: string;
  url: string;
  startedAt: Date;
  durationMs: number;
  statusCode: number;
  responseExcerpt: string;
  chaos: unknown;
  now: Date;
};

/**
 * A 2xx attempt: its row, the event delivered (unless it already was) and any delivery job still
 * waiting under its key (a scheduled retry, when a resend got through first) removed, in one statement.
 */
export async function recordDeliveredAttempt(a: DeliveredAttempt): Promise<void> {
  await q(
    "payrail_delivery_delivered",
    `with a as (
       insert into webhook_attempts ("eventId", "attemptNumber", trigger, url, "startedAt", "durationMs",
         "statusCode", error, "responseExcerpt", chaos)
       values ($1::uuid, $2, $3, $4, $5::timestamptz, $6, $7, null, $8, $9::jsonb)
       returning 1
     ),
     rj as (select graphile_worker.remove_job('webhook:' || $1::text) as removed)
     update webhook_events set status = 'delivered', "deliveredAt" = $10::timestamptz, "nextAttemptAt" = null
     where id = $1::uuid and status <> 'delivered' and (select count(*) from a) = 1
       and (select count(*) from rj) >= 0`,
    [
      a.eventId,
      a.attemptNumber,
      a.trigger,
      a.url,
      a.startedAt.toISOString(),
      a.durationMs,
      a.statusCode,
      a.responseExcerpt,
      a.chaos === undefined || a.chaos === null ? null : JSON.stringify(a.chaos),
      a.now.toISOString(),
    ],
  );
}
