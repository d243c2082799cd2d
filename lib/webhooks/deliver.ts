import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { addJob, DELIVERY_PRIORITY, type JobPayloads } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { HostSlots } from "@/lib/webhooks/host-slots";
import {
  claimDeliveryAttempt,
  type DeliveryEvent,
  loadDeliveryEvent,
  recordDeliveredAttempt,
  renewDeliveryClaim,
} from "@/lib/webhooks/delivery-sql";
import { eventBody, scheduleDelivery } from "@/lib/webhooks/outbox";
import { nextRetryDelayMs } from "@/lib/webhooks/schedule";
import { DELIVERY_TIMEOUT_MS, sendWebhook, type SendResult } from "@/lib/webhooks/send";
import { signingSecrets, signWebhook } from "@/lib/webhooks/sign";
import {
  badSignature,
  type ChaosPlan,
  chaosFailureMessage,
  chaosSettings,
  chaosWait,
  planChaos,
} from "@/lib/webhooks/chaos";

export const USER_AGENT = "Payrail-Webhooks/1";

/**
 * While an attempt runs, its event is "due" only after this lease: long enough for the attempt to
 * finish (timeout plus margin), short enough that an attempt lost with its process is retried
 * soon (lib/webhooks/sweep.ts).
 */
export const ATTEMPT_LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/**
 * A job may run a little before its event is due by this process's clock (the queue compares
 * run_at with the database's clock). Far shorter than a lease, so it never steals a running attempt.
 */
const CLOCK_TOLERANCE_MS = 1_000;

/**
 * A delivery whose host is at its cap waits in process for the host's next free slot (no timer on
 * the path); only beyond MAX_WAITING per host does it step back this long (plus up to as much
 * again) through the queue.
 */
const DEFER_MS = 1_000;
const MAX_WAITING = 1_000;

/**
 * In flight per process in all; per host: WEBHOOK_MAX_PER_HOST (docs/configuration.md). An attempt
 * is a socket and a few KB: 1,000 lets about 30 dead endpoints sit at their cap (each attempt held
 * for the 15 s timeout) before a healthy one waits for a slot.
 */
const OVERALL = 1_000;

const g = globalThis as unknown as {
  payrailWebhookSlots?: HostSlots;
  payrailWebhookRuns?: Set<Promise<void>>;
  payrailWebhookWaiting?: Map<string, (() => void)[]>;
};
g.payrailWebhookRuns ??= new Set();
g.payrailWebhookWaiting ??= new Map();
/** Created on first use: the per-host cap is a setting (env() is read lazily, never at import). */
const slots = {
  get: () => {
    g.payrailWebhookSlots ??= new HostSlots(env().WEBHOOK_MAX_PER_HOST, OVERALL);
    return g.payrailWebhookSlots;
  },
};
const running = g.payrailWebhookRuns;
/**
 * Deliveries waiting for a slot of their host, oldest first. Only in memory: the event row stays
 * due, so one lost with the process is revived by the sweeper, and the claim (claimAttempt) keeps
 * a waiter and a revived job from both sending.
 */
const waiting = g.payrailWebhookWaiting;

/**
 * Frees a slot and hands it to the oldest waiting delivery of the host with the fewest in flight
 * (HostSlots.pickWaiting): when the process as a whole was full, a healthy endpoint's delivery gets
 * the next free slot rather than a dead endpoint's backlog, and it is woken at all (it waits on no
 * slot of its own host).
 */
function release(host: string): void {
  slots.get().release(host);
  const next = slots.get().pickWaiting(waiting.keys());
  if (next === undefined) return;
  const queue = waiting.get(next);
  const wake = queue?.shift();
  if (queue && queue.length === 0) waiting.delete(next);
  wake?.();
}

type Trigger = "schedule" | "resend";

/**
 * The `deliver_webhook` job. It checks that the event still needs this attempt (a job that lost a
 * race, or one left over by a crashed process, finds nothing to do), takes a slot for the
 * receiving host, claims the attempt in the database and starts it, then returns without waiting
 * for the receiver: a job-queue slot is never held by a slow endpoint, and the per-host cap keeps
 * one endpoint from using up the process's deliveries. The attempt itself records its result and
 * schedules the next one; it never throws for anything the receiver does.
 */
export async function deliverWebhook({ eventId, resend = false }: JobPayloads["deliver_webhook"]): Promise<void> {
  // One round trip (plain pg, lib/webhooks/delivery-sql.ts): this is the webhook lag's path.
  const event = await loadDeliveryEvent(eventId);
  if (!event) return;
  if (!resend && !isDue(event)) return;
  // A resend goes to the URL that applies now (the merchant may have fixed it); the schedule keeps
  // the one that applied when the event happened.
  const url = resend
    ? event.transaction.webhookUrl || event.transaction.paymentProfile.webhookTransactionUpdate
    : event.targetUrl;
  if (!url) {
    log().warn({ eventId, resend }, "webhook delivery skipped: no webhook URL applies");
    return;
  }

  const host = hostOf(url);
  if (!slots.get().tryAcquire(host)) {
    const queue = waiting.get(host) ?? [];
    if (queue.length >= MAX_WAITING || slots.get().inFlight() >= OVERALL) return defer(eventId, resend);
    queue.push(() => {
      deliverWebhook({ eventId, resend }).catch((err) =>
        log().error({ err, eventId }, "waiting webhook delivery failed; the sweeper retries it"),
      );
    });
    waiting.set(host, queue);
    return;
  }
  let attemptNumber: number | null;
  try {
    attemptNumber = await claimAttempt(eventId, resend);
  } catch (err) {
    release(host);
    throw err;
  }
  if (attemptNumber === null) {
    release(host);
    return;
  }

  startAttempt({
    host,
    eventId,
    attemptNumber,
    trigger: resend ? "resend" : "schedule",
    url,
    profile: event.transaction.paymentProfile,
    payload: event.payload,
  });
}

/** Runs a claimed attempt in the background, holding the host's slot until the HTTP exchange ends. */
function startAttempt(a: {
  host: string;
  eventId: string;
  attemptNumber: number;
  trigger: Trigger;
  url: string;
  profile: ClaimedDelivery["profile"];
  payload: unknown;
}): void {
  const { host, eventId, attemptNumber } = a;
  let held = true;
  const free = () => {
    if (held) release(host);
    held = false;
  };
  const run = attempt({
    sent: free,
    eventId,
    attemptNumber,
    trigger: a.trigger,
    url: a.url,
    profile: a.profile,
    body: eventBody(a.payload as Record<string, unknown>),
  })
    .catch((err) =>
      log().error({ err, eventId, attemptNumber }, "webhook attempt could not be recorded; the sweeper retries it"),
    )
    .finally(() => {
      free();
      running.delete(run);
    });
  running.add(run);
}

/** An attempt the API's statement claimed with the event it wrote (lib/transactions/lean-sql.ts eventSql). */
export type ClaimedDelivery = {
  eventId: string;
  url: string;
  payload: unknown;
  profile: Pick<
    DeliveryEvent["transaction"]["paymentProfile"],
    "webhookSecret" | "previousWebhookSecret" | "previousSecretExpiresAt" | "webhookChaos"
  >;
};

/**
 * Starts the first attempt of an event the API has just committed, already claimed by the same
 * statement (attempt 1, leased), with everything signing needs: no round trip and no job between
 * the commit and the POST (the webhook lag's largest part). Only where the worker runs in this
 * process (WORKER_IN_PROCESS); elsewhere the event's job, due at once, wakes a worker. When the
 * receiving host is at its cap, the attempt waits in process for the host's next free slot; beyond
 * MAX_WAITING it is left to the sweeper, which revives the event once its lease has run out.
 */
export function dispatchAfterCommit(claimed: ClaimedDelivery): void {
  if (!env().WORKER_IN_PROCESS) return;
  const host = hostOf(claimed.url);
  const send = () =>
    startAttempt({
      host,
      eventId: claimed.eventId,
      attemptNumber: 1,
      trigger: "schedule",
      url: claimed.url,
      profile: claimed.profile,
      payload: claimed.payload,
    });
  const go = (waited: boolean) => {
    if (!slots.get().tryAcquire(host)) return false;
    if (!waited) send();
    else {
      // Its lease may have run out while it waited, and the sweeper revived the event: send only
      // if the claim is still this attempt's (renewed), else another attempt has it.
      renewDeliveryClaim(claimed.eventId, 1, new Date(Date.now() + ATTEMPT_LEASE_MS)).then(
        (mine) => (mine ? send() : release(host)),
        (err) => {
          release(host);
          log().error({ err, eventId: claimed.eventId }, "waiting webhook delivery failed; the sweeper retries it");
        },
      );
    }
    return true;
  };
  if (go(false)) return;
  const queue = waiting.get(host) ?? [];
  if (queue.length >= MAX_WAITING) {
    log().warn({ eventId: claimed.eventId }, "webhook host at its cap with too many waiting; the sweeper retries it");
    return;
  }
  const retry = () => {
    if (!go(true)) {
      // Another delivery took the freed slot first: wait for the next one.
      const q = waiting.get(host) ?? [];
      q.unshift(retry);
      waiting.set(host, q);
    }
  };
  queue.push(retry);
  waiting.set(host, queue);
}

/** Waits for the attempts this process has started (a worker that stops cleanly finishes them). */
export async function drainDeliveries(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

const dueBy = () => new Date(Date.now() + CLOCK_TOLERANCE_MS);
const isDue = (e: { status: string; nextAttemptAt: Date | null }) =>
  e.status === "pending" && e.nextAttemptAt !== null && e.nextAttemptAt <= dueBy();

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Numbers the attempt and, for a scheduled one, takes the lease: only one of several jobs for the
 * same due event gets it. Returns the attempt number, or null when the event is no longer due.
 */
async function claimAttempt(eventId: string, resend: boolean): Promise<number | null> {
  return claimDeliveryAttempt(eventId, resend, new Date(Date.now() + ATTEMPT_LEASE_MS), dueBy());
}

/** The host is at its cap: try again shortly, keeping the event's place (it stays due). */
async function defer(eventId: string, resend: boolean): Promise<void> {
  const runAt = new Date(Date.now() + DEFER_MS + Math.floor(Math.random() * DEFER_MS));
  if (resend) {
    await addJob(
      db(),
      "deliver_webhook",
      { eventId, resend: true },
      { runAt, maxAttempts: 5, priority: DELIVERY_PRIORITY },
    );
    return;
  }
  await db().$transaction(async (tx) => {
    const { count } = await tx.webhookEvent.updateMany({
      where: { id: eventId, status: "pending", nextAttemptAt: { lte: dueBy() } },
      data: { nextAttemptAt: runAt },
    });
    if (count === 1) await scheduleDelivery(tx, eventId, runAt);
  });
}

type AttemptOptions = {
  /** Called once the HTTP exchange is over: the host's slot is free while the result is recorded. */
  sent: () => void;
  eventId: string;
  attemptNumber: number;
  trigger: Trigger;
  url: string;
  profile: Parameters<typeof signingSecrets>[0] & { webhookChaos: unknown };
  body: string;
};

/** Signs and sends one attempt (as the profile's chaos mode says, when it is on), then records it. */
async function attempt({ sent, eventId, attemptNumber, trigger, url, profile, body }: AttemptOptions): Promise<void> {
  const chaos = chaosSettings(profile.webhookChaos);
  const plan = planChaos(chaos, attemptNumber);
  await chaosWait(plan);
  const startedAt = new Date();
  let result: SendResult;
  try {
    if (plan?.failed_on_purpose && chaos) {
      result = {
        statusCode: null,
        error: chaosFailureMessage(attemptNumber, chaos),
        durationMs: 0,
        responseExcerpt: "",
      };
    } else {
      const signed = signWebhook({ id: eventId, body, ...signingSecrets(profile, startedAt), at: startedAt });
      if (plan?.bad_signature) signed["webhook-signature"] = badSignature();
      const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...signed };
      const send = () => sendWebhook({ url, headers, body, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });
      result = await send();
      if (plan?.duplicated) plan.duplicate_status_code = (await send()).statusCode;
    }
  } catch (err) {
    // Only our side can fail here (sendWebhook never throws): log it as the attempt's error.
    result = { statusCode: null, error: `Not sent: ${(err as Error).message}`, durationMs: 0, responseExcerpt: "" };
  }
  sent();
  await recordAttempt({ eventId, attemptNumber, trigger, url, startedAt, result, chaos: plan });
}

type RecordOptions = {
  eventId: string;
  attemptNumber: number;
  trigger: Trigger;
  url: string;
  startedAt: Date;
  result: SendResult;
  /** What chaos mode did to the attempt (lib/webhooks/chaos.ts). */
  chaos?: ChaosPlan | null;
};

/**
 * Stores the attempt and moves the event on, in one database transaction: 2xx → delivered; 410 →
 * failed (the receiver asked us to stop); any other failure of a scheduled attempt → the next
 * attempt is scheduled, or the event is failed when the schedule is used up. A failed resend
 * changes nothing else: it is an extra attempt outside the schedule.
 */
export async function recordAttempt({
  eventId,
  attemptNumber,
  trigger,
  url,
  startedAt,
  result,
  chaos,
}: RecordOptions): Promise<void> {
  const { statusCode, error, durationMs, responseExcerpt } = result;
  const outcome =
    statusCode !== null && statusCode >= 200 && statusCode < 300 ? "delivered" : statusCode === 410 ? "gone" : "failed";
  if (outcome === "delivered" && statusCode !== null) {
    // The common case in one statement (lib/webhooks/delivery-sql.ts).
    await recordDeliveredAttempt({
      eventId,
      attemptNumber,
      trigger,
      url,
      startedAt,
      durationMs,
      statusCode,
      responseExcerpt,
      chaos: chaos ?? null,
      now: new Date(),
    });
    log().debug({ eventId, attemptNumber, trigger, statusCode, error, durationMs }, "webhook attempt");
    return;
  }
  await db().$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        eventId,
        attemptNumber,
        trigger,
        url,
        startedAt,
        durationMs,
        statusCode,
        error,
        responseExcerpt,
        ...(chaos ? { chaos } : {}),
      },
    });
    const now = new Date();
    if (outcome === "delivered") {
      await tx.webhookEvent.updateMany({
        where: { id: eventId, status: { not: "delivered" } },
        data: { status: "delivered", deliveredAt: now, nextAttemptAt: null },
      });
      return;
    }
    if (outcome === "gone") {
      await tx.webhookEvent.updateMany({
        where: { id: eventId, status: "pending" },
        data: { status: "failed", nextAttemptAt: null },
      });
      return;
    }
    if (trigger === "resend") return;

    // Attempts lost with a crashed process have no row and do not count: every event gets all of its tries.
    const completed = await tx.webhookAttempt.count({ where: { eventId, trigger: "schedule" } });
    const delay = nextRetryDelayMs(completed, env().WEBHOOK_RETRY_SCALE);
    if (delay === null) {
      await tx.webhookEvent.updateMany({
        where: { id: eventId, status: "pending" },
        data: { status: "failed", nextAttemptAt: null },
      });
      log().warn({ eventId, attempts: completed, url }, "webhook failed: retries used up");
      return;
    }
    const runAt = new Date(now.getTime() + delay);
    const { count } = await tx.webhookEvent.updateMany({
      where: { id: eventId, status: "pending" },
      data: { nextAttemptAt: runAt },
    });
    if (count === 1) await scheduleDelivery(tx, eventId, runAt);
  });
  log().debug({ eventId, attemptNumber, trigger, statusCode, error, durationMs }, "webhook attempt");
}
