import { z } from "zod";
import { STATUSES, type TransactionStatus } from "@/lib/domain/statuses";
import { parseInput } from "@/lib/errors/validation";
import { getTransactionOrThrow } from "@/lib/transactions/queries";
import { transition } from "@/lib/transactions/transition";
import { scheduleTimeline, TimelineSchema, type TimelineStep } from "@/lib/sandbox/timeline";

type Scope = { organisationId: string; id: string };

export const SetStatusSchema = z.strictObject({
  status: z.enum(STATUSES.filter((s) => s !== "INITIATED") as [TransactionStatus, ...TransactionStatus[]]),
  reason: z.string().trim().max(255).optional(),
});

/**
 * Moves the transaction to a status the transition table allows from its current one, as the
 * sandbox (history actor `sandbox`, webhook as usual), incl. the real world's rare late turns
 * such as SETTLEMENT_REQUESTED → FAILED ("flagged after capture"). 409 `130` otherwise.
 */
export async function setTransactionStatus({ organisationId, id, body }: Scope & { body: unknown }) {
  const { status, reason } = parseInput(SetStatusSchema, body, "status_change");
  await getTransactionOrThrow({ organisationId, id });

  return transition({
    transactionId: id,
    to: status,
    reason: reason ?? "Set by the sandbox",
    actor: "sandbox",
    organisationId,
  });
}

/** Scripted outcomes, applied by the job queue in order (lib/sandbox/timeline.ts). */
export async function scriptTimeline({
  organisationId,
  id,
  body,
}: Scope & { body: unknown }): Promise<{ transaction: string; steps: TimelineStep[] }> {
  const input = parseInput(TimelineSchema, body, "timeline");
  await getTransactionOrThrow({ organisationId, id });

  return { transaction: id, steps: await scheduleTimeline(id, input) };
}

export function serializeTimeline(t: { transaction: string; steps: TimelineStep[] }) {
  return { transaction: t.transaction, steps: t.steps.map((s) => ({ at: s.at, status: s.status, reason: s.reason })) };
}
