import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";

/** Writes `api_keys.lastUsedAt` at most this often per key (per process). */
const KEY_USAGE_INTERVAL_MS = 60_000;
const lastWritten = new Map<string, number>();

/**
 * Notes that a key authenticated a request. Off the hot path: nothing is awaited, and a key is
 * written at most once a minute per process (a dashboard's "last used" needs no more).
 */
export function noteKeyUse(apiKeyId: string, now = Date.now()): void {
  const last = lastWritten.get(apiKeyId);
  if (last !== undefined && now - last < KEY_USAGE_INTERVAL_MS) return;
  lastWritten.set(apiKeyId, now);
  if (lastWritten.size > 10_000) lastWritten.clear();
  db()
    .apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((err: unknown) => log().warn({ err, apiKeyId }, "could not record the API key's last use"));
}
