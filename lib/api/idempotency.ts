import { createHash } from "node:crypto";
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
 * Runs a POST at most once per Idempotency-Key and organisation: the first request's answer
 * (any answer below 500) is stored and replayed to retries for 24 hours. The same key with a
 * different request is 422 `131`; a retry while the first is still running is 409 `132`. An
 * answer of 500 releases the key, so the request can be retried. A request cut off by a crash
 * keeps its key in flight until it expires: never running a payment twice matters more.
 */
export async function withIdempotency(
  opts: { organisationId: string; key: string; endpoint: string; body: unknown },
  run: () => Promise<EndpointResponse>,
): Promise<EndpointResponse> {
  if (!KEY_PATTERN.test(opts.key)) {
    throw ApiError.validation("request", { "Idempotency-Key": "1 to 255 printable ASCII characters, no spaces" });
  }
  const where = { organisationId_key: { organisationId: opts.organisationId, key: opts.key } };
  const print = fingerprint(opts.endpoint, opts.body);
  const claimed = await claim(opts.organisationId, opts.key, print);
  if (!claimed) {
    const existing = await db().idempotencyKey.findUnique({ where });
    if (!existing) throw new ApiError("132", "A request with this Idempotency-Key is in flight; retry shortly.");
    const diff = fingerprintDiff(existing.fingerprint as Fingerprint, print);
    if (diff.length) throw new ApiError("131", "This Idempotency-Key was used for a different request.", { diff });
    if (existing.status !== "done")
      throw new ApiError("132", "A request with this Idempotency-Key is still in flight; retry shortly.");

    return {
      status: existing.responseStatus ?? 200,
      headers: { "Idempotent-Replayed": "true" },
      body: existing.responseBody ?? undefined,
    };
  }

  const response = await run();
  if (response.status >= 500) {
    await db()
      .idempotencyKey.delete({ where })
      .catch(() => {});
  } else {
    await db().idempotencyKey.update({
      where,
      data: {
        status: "done",
        responseStatus: response.status,
        responseBody: (response.body ?? Prisma.JsonNull) as Prisma.InputJsonValue,
      },
    });
  }
  return response;
}

/** Takes the key (or an expired one); false when another request holds it. */
async function claim(organisationId: string, key: string, print: Fingerprint): Promise<boolean> {
  const data = {
    fingerprint: print,
    status: "in_flight",
    responseStatus: null,
    responseBody: Prisma.JsonNull,
    createdAt: new Date(),
  };
  try {
    await db().idempotencyKey.create({ data: { organisationId, key, ...data } });
    return true;
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
  }
  const { count } = await db().idempotencyKey.updateMany({
    where: { organisationId, key, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } },
    data,
  });
  return count === 1;
}
