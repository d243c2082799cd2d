import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { STATUSES, type TransactionStatus } from "@/lib/domain/statuses";
import { ApiError } from "@/lib/errors/api-error";
import { addJob } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { transition } from "@/lib/transactions/transition";

/** One scripted step, as stored in the job: when it is due and what it sets. */
export type TimelineStep = { at: string; status: TransactionStatus; reason: string };

export const TimelineSchema = z.strictObject({
  steps: z
    .array(
      z.strictObject({
        after_ms: z
          .number()
          .int()
          .min(0)
          .max(24 * 3600_000),
        status: z.enum(STATUSES.filter((s) => s !== "INITIATED") as [TransactionStatus, ...TransactionStatus[]]),
        reason: z.string().trim().max(255).optional(),
      }),
    )
    .min(1, "At least one step")
    .max(20, "At most 20 steps"),
});

/**
 * Schedules the steps as one chain of `sandbox_timeline` jobs: only the next step waits in the
 * queue, and running it schedules the one after, so steps apply strictly in order (two workers
 * never race two steps). A new timeline for the same transaction replaces a pending one (job key).
 */
export async function scheduleTimeline(
  transactionId: string,
  input: z.output<typeof TimelineSchema>,
  now = new Date(),
) {
  const steps: TimelineStep[] = [...input.steps]
    .sort((a, b) => a.after_ms - b.after_ms)
    .map((s) => ({
      at: new Date(now.getTime() + s.after_ms).toISOString(),
      status: s.status,
      reason: s.reason ?? "Set by the sandbox timeline",
    }));
  await addTimelineJob(db(), transactionId, steps);

  return steps;
}

async function addTimelineJob(
  client: Parameters<typeof addJob>[0],
  transactionId: string,
  steps: TimelineStep[],
): Promise<void> {
  await addJob(
    client,
    "sandbox_timeline",
    { transactionId, steps },
    { runAt: new Date(steps[0].at), jobKey: `timeline:${transactionId}` },
  );
}

/**
 * The `sandbox_timeline` job: applies the first step through the transition table (actor
 * `sandbox`, webhook as usual). A step the table refuses at its time changes nothing and is
 * recorded as skipped in the history (a row whose status stays the same). Then the next step is
 * scheduled.
 */
export async function runTimelineStep({
  transactionId,
  steps,
}: {
  transactionId: string;
  steps: TimelineStep[];
}): Promise<void> {
  const [step, ...rest] = steps;
  if (!step) return;
  await db().$transaction(async (tx) => {
    try {
      await transition({ transactionId, to: step.status, reason: step.reason, actor: "sandbox", client: tx });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === "120") return; // deleted (reset): nothing left to script
      const current = String(err.details?.status ?? "");
      await tx.transactionHistory.create({
        data: {
          transactionId,
          fromStatus: current,
          toStatus: current,
          reason: `Timeline step skipped: ${step.status} is not allowed from ${current} (${step.reason})`,
          actor: "sandbox",
        },
      });
      log().info({ transactionId, step }, "sandbox timeline step skipped");
    }
    if (rest.length) await addTimelineJob(tx, transactionId, rest);
  });
}
