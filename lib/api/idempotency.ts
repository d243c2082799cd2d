import { createHash, randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import type { EndpointResponse } from "@/lib/api/endpoint";
import { db } from "@/lib/db/prisma";
import { IDEMPOTENCY_TTL_MS } from "@/lib/db/retention";
import { Prisma } from "@/lib/generated/prisma/client";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Never hashed, never stored: a 3-4 digit code's hash would give it away. */
const SECRET_FIELDS = new Set(["card_cvv"]);

export type Fingerprint = Record<string, string>;

/** "METHOD /path" plus one SHA-256 per leaf of the body, so a reuse can name what changed. */
export function fingerprint(endpoint: string, body: unknown): Fingerprint {
  const out: Fingerprint = { "(endpoint)": sha256(endpoint) };
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      if (entries.length === 0) out[path || "(body)"] = sha256(JSON.stringify(value));
      for (const [k, v] of entries) if (!SECRET_FIELDS.has(k)) walk(v, path ? `${path}.${k}` : k);
    } else {
      out[path || "(body)"] = sha256(JSON.stringify(value ?? null));
    }
  };
  walk(body ?? {}, "");
  return out;
}

export function fingerprintDiff(a: Fingerprint, b: Fingerprint): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => a[k] !== b[k]).sort();
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

/**
 * A key held this long without an answer belongs to a request that was cut off (its process died):
 * far longer than any request runs, short enough that a client retrying as told is not kept waiting.
 */
export const INTERRUPTED_AFTER_MS = 30_000;

/** Runs the request; `effectId` is the id its new resource takes (a transaction, customer, refund). */
export type IdempotentRun = (effectId: string) => Promise<EndpointResponse>;
/** The answer for a resource that an interrupted request did create (by its id), or null if it did not. */
export type Recover = (effectId: string) => Promise<EndpointResponse | null>;

type Held = { effectId: string; since: Date };

/**
 * Runs a POST at most once per Idempotency-Key and organisation: the first request's answer
 * (any answer below 500 but a 400) is stored and replayed to retries for 24 hours. The same key
 * with a different request is 422 `131`; a retry while the first is still running is 409 `132`
 * with `Retry-After`. An answer of 400 or 500 releases the key, so the request can be retried.
 *
 * A request cut off by a crash leaves its key in flight with no answer. Its new resource's id was
 * fixed when the key was taken (`effectId`), so once the key has been held INTERRUPTED_AFTER_MS a
 * retry takes it over and finds out: `recover` answers from the resource when the cut-off request
 * got as far as creating it (replayed, as it is now); otherwise the request runs again with the
 * same id, so the two can never both create one (the primary key refuses the second). Endpoints
 * without a resource of their own (capture, void, cancel) simply run again: the status they need
 * is gone once the first one went through, and the answer says so (130).
 */
export async function withIdempotency(
  opts: { organisationId: string; key: string; endpoint: string; body: unknown },
  run: IdempotentRun,
  recover?: Recover,
): Promise<EndpointResponse> {
  if (!KEY_PATTERN.test(opts.key)) {
    throw ApiError.validation("request", { "Idempotency-Key": "1 to 255 printable ASCII characters, no spaces" });
  }
  const print = fingerprint(opts.endpoint, opts.body);
  const held = await claim(opts.organisationId, opts.key, print);
  if (held) return finish(opts, held, await run(held.effectId), true);

  const existing = await db().idempotencyKey.findUnique({
    where: { organisationId_key: { organisationId: opts.organisationId, key: opts.key } },
  });
  if (!existing) throw inFlight(1); // answered and released (a 500) between our two reads
  const diff = fingerprintDiff(existing.fingerprint as Fingerprint, print);
  if (diff.length) throw new ApiError("131", "This Idempotency-Key was used for a different request.", { diff });
  if (existing.status === "done") {
    return {
      status: existing.responseStatus ?? 200,
      headers: { "Idempotent-Replayed": "true" },
      body: parseStored(existing.responseBody),
    };
  }
  const heldFor = Date.now() - existing.createdAt.getTime();
  if (heldFor < INTERRUPTED_AFTER_MS || !existing.effectId)
    throw inFlight(heldFor < RUNNING_MS ? 1 : (INTERRUPTED_AFTER_MS - heldFor) / 1000);
  const taken = await takeOver(opts.organisationId, opts.key, existing.createdAt, existing.effectId);
  if (!taken) throw inFlight(1); // another retry took it over first
  const recovered = recover ? await recover(taken.effectId) : null;
  if (recovered) {
    return finish(
      opts,
      taken,
      { ...recovered, headers: { ...recovered.headers, "Idempotent-Replayed": "true" } },
      false,
    );
  }
  // A 500 (or 400) now keeps the key: the cut-off request might still have created the resource meanwhile.
  return finish(opts, taken, await run(taken.effectId), false);
}

/**
 * A key taken this recently belongs to a request that is most likely still running (they answer in
 * milliseconds): its retry is asked to come back in a second, not when a cut-off one could be
 * taken over.
 */
const RUNNING_MS = 2_000;

const inFlight = (seconds: number) =>
  new ApiError(
    "132",
    "A request with this Idempotency-Key is still in flight; retry shortly.",
    { retry_after_seconds: Math.max(1, Math.ceil(seconds)) },
    { "Retry-After": String(Math.max(1, Math.ceil(seconds))) },
  );

/**
 * Answers that are not stored: a 500 (something failed; the request may be retried) and a 400 (the
 * request itself was invalid, so nothing ran: the merchant corrects it and sends it again with the
 * same key, as payment APIs let them).
 */
const released = (status: number) => status >= 500 || status === 400;

/** Stores the answer (or releases the key, see released()), only while this request still holds the key. */
async function finish(
  opts: { organisationId: string; key: string },
  held: Held,
  response: EndpointResponse,
  mayRelease: boolean,
): Promise<EndpointResponse> {
  const mine = { organisationId: opts.organisationId, key: opts.key, createdAt: held.since };
  if (released(response.status)) {
    if (mayRelease)
      await db()
        .idempotencyKey.deleteMany({ where: mine })
        .catch(() => {});
  } else {
    await db().idempotencyKey.updateMany({
      where: mine,
      data: {
        status: "done",
        responseStatus: response.status,
        responseBody: response.body === undefined ? null : JSON.stringify(response.body),
      },
    });
  }
  return response;
}

/** Takes the key (or an expired one, as a new request); null when it is held or answered. */
async function claim(organisationId: string, key: string, print: Fingerprint): Promise<Held | null> {
  const held = { effectId: randomUUID(), since: new Date() };
  const data = {
    fingerprint: print,
    status: "in_flight",
    responseStatus: null,
    responseBody: null,
    effectId: held.effectId,
    createdAt: held.since,
  };
  try {
    await db().idempotencyKey.create({ data: { organisationId, key, ...data } });
    return held;
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
  }
  const { count } = await db().idempotencyKey.updateMany({
    where: { organisationId, key, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } },
    data,
  });
  return count === 1 ? held : null;
}

/** Takes over an interrupted request's key, keeping its effectId; null when another retry was first. */
async function takeOver(organisationId: string, key: string, since: Date, effectId: string): Promise<Held | null> {
  const held = { effectId, since: new Date() };
  const { count } = await db().idempotencyKey.updateMany({
    where: { organisationId, key, status: "in_flight", createdAt: since },
    data: { createdAt: held.since },
  });
  return count === 1 ? held : null;
}

/** A stored answer's body: parsed back into the same object, so sending it gives the same bytes. */
function parseStored(text: string | null): unknown {
  const body = text === null ? null : JSON.parse(text);
  return body ?? undefined;
}
