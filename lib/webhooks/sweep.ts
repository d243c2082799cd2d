import { db } from "@/lib/db/prisma";
import { startSweeper } from "@/lib/jobs/sweeper";
import { log } from "@/lib/log";
import { scheduleDelivery } from "@/lib/webhooks/outbox";

/** How overdue a pending event must be before it counts as stalled (normal pick-up takes ~1 s). */
export const STALL_GRACE_MS = 10_000;
const SWEEP_INTERVAL_MS = 10_000;
const BATCH = 500;

/**
 * Re-enqueues pending events that are overdue: their attempt was lost with a process that died
 * mid-delivery (its lease ran out), or their job is stuck locked by that dead process (the job
 * queue would only release it after hours). Re-adding the job under the event's key also takes the
 * key from such a stuck job, so it never runs. Safe to run in several processes at once.
 */
export async function sweepStalledDeliveries(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALL_GRACE_MS);
  const stalled = await db().webhookEvent.findMany({
    where: { status: "pending", nextAttemptAt: { lt: cutoff } },
    select: { id: true },
    take: BATCH,
  });
  let revived = 0;
  for (const { id } of stalled) {
    await db().$transaction(async (tx) => {
      const { count } = await tx.webhookEvent.updateMany({
        where: { id, status: "pending", nextAttemptAt: { lt: cutoff } },
        data: { nextAttemptAt: now },
      });
      if (count === 1) {
        await scheduleDelivery(tx, id, now);
        revived++;
      }
    });
  }
  if (revived) log().info({ revived }, "webhook sweeper re-enqueued stalled deliveries");

  return revived;
}

/** Sweeps now and then every 10 s until the returned function is called. */
export const startWebhookSweeper = () =>
  startSweeper("webhook sweep", SWEEP_INTERVAL_MS, () => sweepStalledDeliveries());
