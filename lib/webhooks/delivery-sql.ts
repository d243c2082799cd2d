import { createBatcher, isDataError } from "@/lib/db/batcher";
import { q } from "@/lib/db/pg";

/**
 * The delivery path's SQL (lib/webhooks/deliver.ts), plain pg with named statements: the event
 * with what signing needs in one round trip, the claim in one, and delivered attempts recorded
 * together, many in one statement (an event the API writes is claimed by the API's own statement:
 * lib/transactions/lean-sql.ts). Same rows and rules as the Prisma queries they replace
 * (docs/decisions.md: webhook lag); a failed attempt, which schedules a retry, is still recorded
 * through Prisma.
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

/**
 * A claimed attempt that waited in process for a slot of its host renews its lease before it is
 * sent, and only while nothing else claimed the event meanwhile (the sweeper revives an event whose
 * lease ran out; its job then claims the next attempt): false means another attempt has it, or it
 * was delivered, and this one must not be sent.
 */
export async function renewDeliveryClaim(eventId: string, attemptNumber: number, leaseUntil: Date): Promise<boolean> {
  const rows = await q<{ attempts: number }>(
    "payrail_delivery_renew",
    `update webhook_events set "nextAttemptAt" = $3::timestamptz
     where id = $1::uuid and status = 'pending' and attempts = $2::int
     returning attempts`,
    [eventId, attemptNumber, leaseUntil.toISOString()],
  );
  return rows.length === 1;
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
 * 2xx attempts, recorded together when they end together (createBatcher: at most 2 statements at
 * once, up to 64 attempts each): each attempt's row, its event delivered (unless it already was)
 * and any delivery job still waiting under the event's key (a scheduled retry, when a resend got
 * through first) removed, in one statement. Same rows as one attempt alone; a batch that fails on
 * data is recorded again one attempt at a time, so only the attempt at fault sees its error.
 */
const deliveredSql = `
  with inp as (
    select * from jsonb_to_recordset($1::jsonb) as x("eventId" uuid, "attemptNumber" int, trigger text, url text,
      "startedAt" timestamptz, "durationMs" int, "statusCode" int, "responseExcerpt" text, chaos jsonb,
      now timestamptz)
  ),
  a as (
    insert into webhook_attempts ("eventId", "attemptNumber", trigger, url, "startedAt", "durationMs",
      "statusCode", error, "responseExcerpt", chaos)
    select "eventId", "attemptNumber", trigger, url, "startedAt", "durationMs", "statusCode", null,
      "responseExcerpt", chaos
    from inp
    returning 1
  ),
  rj as (select graphile_worker.remove_job('webhook:' || "eventId"::text) as removed from inp)
  update webhook_events e set status = 'delivered', "deliveredAt" = inp.now, "nextAttemptAt" = null
  from inp
  where e.id = inp."eventId" and e.status <> 'delivered'
    and (select count(*) from a) = (select count(*) from inp) and (select count(*) from rj) >= 0`;

const writeDelivered = async (attempts: DeliveredAttempt[]): Promise<null[]> => {
  await q("payrail_delivery_delivered", deliveredSql, [
    JSON.stringify(
      attempts.map((a) => ({
        eventId: a.eventId,
        attemptNumber: a.attemptNumber,
        trigger: a.trigger,
        url: a.url,
        startedAt: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        responseExcerpt: a.responseExcerpt,
        chaos: a.chaos ?? null,
        now: a.now.toISOString(),
      })),
    ),
  ]);
  return attempts.map(() => null);
};

const enqueueDelivered = createBatcher<DeliveredAttempt, null>({
  inFlight: 2,
  max: 64,
  run: writeDelivered,
  aloneOnError: isDataError,
});

export async function recordDeliveredAttempt(a: DeliveredAttempt): Promise<void> {
  await enqueueDelivered(a);
}
