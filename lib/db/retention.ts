import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";

/** An idempotency key is replayed for 24 hours; after that its row is purged (a periodic job). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes idempotency keys older than their 24 hours; returns how many. */
export async function purgeExpiredIdempotencyKeys(now = new Date()): Promise<number> {
  const { count } = await db().idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
  });
  if (count) log().info({ count }, "purged expired idempotency keys");

  return count;
}
