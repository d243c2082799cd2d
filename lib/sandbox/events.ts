import { z } from "zod";
import { isApiKeyActive } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid, uuid } from "@/lib/schemas/common";
import type { EventWithAttempts } from "@/lib/webhooks/events";
import { eventBody } from "@/lib/webhooks/outbox";
import { signingSecrets, signWebhook } from "@/lib/webhooks/sign";

/**
 * An instant in the query, ISO 8601: a date-time with its offset, or a date alone, which means
 * 00:00 UTC of that day (as `new Date("2026-01-01")` reads it).
 */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  // In UTC: the database's timestamps have no year 0, and an offset moves 9999-12-31 into 10000.
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1900 && year <= 9999;
  }, "Expected an instant between the years 1900 and 9999 (UTC)")
  .describe("ISO 8601: a date-time with offset (2026-01-01T09:30:00Z) or a date (2026-01-01, 00:00 UTC)");

export const EventListQuerySchema = z.strictObject({
  type: z.enum(["transaction", "refund"]).optional(),
  transaction: uuid.optional(),
  delivery_status: z.enum(["pending", "delivered", "failed", "skipped"]).optional(),
  created_from: instant.optional(),
  created_to: instant.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

type Position = { createdAt: Date; id: string };

function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAt.toISOString(), p.id])).toString("base64url");
}

function decodeCursor(cursor: string): Position {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const createdAt = new Date(iso);
    if (typeof iso !== "string" || !/^\d{4}-/.test(iso) || Number.isNaN(createdAt.getTime()) || !isUuid(String(id)))
      throw new Error("bad cursor");
    if (createdAt.getUTCFullYear() < 2000 || createdAt.getUTCFullYear() > 9999) throw new Error("bad cursor");

    return { createdAt, id };
  } catch {
    throw ApiError.validation("event_list", { cursor: "Not a cursor from a previous page" });
  }
}

/**
 * The organisation's webhook events, newest first, with every attempt, filtered and
 * keyset-paginated on (created_at, id): stable while new events arrive.
 */
export async function listEvents(organisationId: string, query: unknown) {
  const q = parseInput(EventListQuerySchema, query, "event_list");
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const where: Prisma.WebhookEventWhereInput = {
    transaction: { organisationId },
    ...(q.type ? { type: q.type } : {}),
    ...(q.transaction ? { transactionId: q.transaction } : {}),
    ...(q.delivery_status ? { status: q.delivery_status } : {}),
    ...(q.created_from || q.created_to
      ? {
          createdAt: {
            ...(q.created_from ? { gte: new Date(q.created_from) } : {}),
            ...(q.created_to ? { lt: new Date(q.created_to) } : {}),
          },
        }
      : {}),
  };
  const rows = await db().webhookEvent.findMany({
    where: after
      ? {
          AND: [
            where,
            { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] },
          ],
        }
      : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    include: { attemptLog: { orderBy: { attemptNumber: "asc" } } },
  });
  const page: EventWithAttempts[] = rows.slice(0, q.limit);
  const hasMore = rows.length > q.limit;
  const last = page[page.length - 1];

  return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

/** One event as the stream sends it: the event and the webhook exactly as a delivery would carry it now. */
type StreamedEvent = {
  id: string;
  type: string;
  transaction: string;
  created_at: string;
  payload: unknown;
  /** The body and the Standard Webhooks headers, signed now with the profile's secret(s). */
  webhook: { body: string; headers: Record<string, string> };
};

type StreamRow = {
  id: string;
  type: string;
  transactionId: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  webhookSecret: string;
  previousWebhookSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/** Where a stream resumes: just after the event named by Last-Event-ID (which must be the caller's). */
export async function streamStart(organisationId: string, lastEventId: string | null): Promise<Position | null> {
  if (!lastEventId) return null;
  const event = isUuid(lastEventId)
    ? await db().webhookEvent.findFirst({
        where: { id: lastEventId, transaction: { organisationId } },
        select: { id: true, createdAt: true },
      })
    : null;
  if (!event) throw ApiError.notFound("webhook_event", lastEventId);

  return event;
}

/**
 * Events created after `from` (or since `notBefore` when nothing was sent yet), oldest first.
 * Events are written inside longer database transactions, so one may become visible slightly after
 * a later one: the stream looks back `lookbackMs` behind its position and skips ids it already
 * sent, but never before `notBefore` (where the stream begins: a fresh stream's opening, a resumed
 * one's Last-Event-ID), or a stream opened just after an event would send it once a later one came.
 */
async function eventsSince(
  organisationId: string,
  from: Position | null,
  notBefore: Date,
  lookbackMs: number,
  limit = 500,
): Promise<StreamRow[]> {
  const floor = from ? new Date(Math.max(from.createdAt.getTime() - lookbackMs, notBefore.getTime())) : notBefore;

  return db().$queryRaw<StreamRow[]>`
    select e.id, e.type, e."transactionId", e."createdAt", e.payload,
      p."webhookSecret", p."previousWebhookSecret", p."previousSecretExpiresAt"
    from webhook_events e
    join transactions t on t.id = e."transactionId"
    join payment_profiles p on p.id = t."paymentProfileId"
    where t."organisationId" = ${organisationId}::uuid and e."createdAt" >= ${floor}
    order by e."createdAt", e.id
    limit ${limit}`;
}

function toStreamedEvent(row: StreamRow, now = new Date()): StreamedEvent {
  const body = eventBody(row.payload);
  const headers = signWebhook({ id: row.id, body, ...signingSecrets(row, now), at: now });

  return {
    id: row.id,
    type: row.type,
    transaction: row.transactionId,
    created_at: row.createdAt.toISOString(),
    payload: JSON.parse(body),
    webhook: { body, headers: { "content-type": "application/json", ...headers } },
  };
}

const POLL_MS = 250;
const LOOKBACK_MS = 2_000;
const HEARTBEAT_MS = 15_000;
/** How often an open stream re-checks its API key: a revoked key's stream ends within this. */
const KEY_CHECK_MS = 1_000;

/** The last frame of a stream whose API key was revoked (then it closes; reconnecting gets 401). */
export const REVOKED_FRAME = `event: revoked\ndata: ${JSON.stringify({
  code: "111",
  message: "The API key was revoked; the stream is closed.",
})}\n\n`;

/**
 * A live tail of the organisation's events as Server-Sent Events (`id:` = event id, `event:` =
 * type, `data:` = JSON of StreamedEvent). With `lastEventId` it resumes just after that event;
 * without, it starts now. The stream polls the database (a few ms per poll), so it works with any
 * number of app processes and needs no LISTEN connection.
 */
export function eventStream(
  { organisationId, apiKeyId }: { organisationId: string; apiKeyId: string },
  start: Position | null,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let position = start;
      const since = new Date();
      // Ids already sent whose time is still inside the look-back window.
      const sent = new Map<string, number>();
      if (start) sent.set(start.id, start.createdAt.getTime());
      let lastWrite = Date.now();
      const write = (chunk: string) => {
        controller.enqueue(encoder.encode(chunk));
        lastWrite = Date.now();
      };
      write(`retry: 1000\n: payrail event stream${start ? ` resuming after ${start.id}` : ""}\n\n`);

      let keyCheckedAt = Date.now();
      const poll = async () => {
        if (closed) return;
        try {
          // The key is checked again while the stream is open: revoking it ends the stream.
          if (Date.now() - keyCheckedAt >= KEY_CHECK_MS) {
            keyCheckedAt = Date.now();
            if (!(await isApiKeyActive(apiKeyId))) {
              write(REVOKED_FRAME);
              closed = true;
              controller.close();
              return;
            }
          }
          const rows = await eventsSince(organisationId, position, start?.createdAt ?? since, LOOKBACK_MS);
          const startMs = start?.createdAt.getTime() ?? 0;
          for (const row of rows) {
            if (sent.has(row.id)) continue;
            const at = row.createdAt.getTime();
            // Resuming: only what comes after the last event the client saw.
            if (start && (at < startMs || (at === startMs && row.id <= start.id))) continue;
            sent.set(row.id, at);
            const ev = toStreamedEvent(row);
            write(`id: ${ev.id}\nevent: ${ev.type}\ndata: ${JSON.stringify(ev)}\n\n`);
            if (!position || at > position.createdAt.getTime()) position = { createdAt: row.createdAt, id: row.id };
          }
          if (position) {
            const horizon = position.createdAt.getTime() - LOOKBACK_MS;
            for (const [id, at] of sent) if (at < horizon) sent.delete(id);
          }
          if (Date.now() - lastWrite > HEARTBEAT_MS) write(": keep-alive\n\n");
        } catch (err) {
          if (closed) return;
          controller.error(err);
          closed = true;
          return;
        }
        if (!closed) timer = setTimeout(poll, POLL_MS);
      };
      void poll();
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });
}
