import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { Prisma, type Transaction } from "@/lib/generated/prisma/client";
import { onEnter } from "@/lib/transactions/effects";
import { statusConflict } from "@/lib/transactions/errors";
import { allowedFrom, canTransition, isFinal, type TransactionStatus } from "@/lib/domain/statuses";
import { recordEvent, transactionEventPayload } from "@/lib/webhooks/outbox";

export type Actor = "api" | "shopper" | "timer" | "sandbox";

export type TransitionOptions = {
  transactionId: string;
  to: TransactionStatus;
  reason?: string;
  actor: Actor;
  /** Limit the change to these current statuses (an operation's own precondition). */
  from?: readonly TransactionStatus[];
  /** Words for the 130 error: "captured", "voided", ... */
  operation?: string;
  /** Scope to the caller's organisation (API calls); another organisation's id is not found. */
  organisationId?: string;
  /** The dummy product may set any status directly from a non-final one (spec 3, statement 2). */
  direct?: boolean;
  /**
   * The sandbox's own move: any status but INITIATED, from any status, whatever the table says
   * (`dummy_outcome_update`, DESIGN 7: "is later updated to this status").
   */
  override?: boolean;
  /** Column changes made together with the status. */
  changes?: { details?: Record<string, unknown>; capturedAmount?: number };
  /** false: the caller schedules the new status's timers itself (a server-to-server result). */
  scheduleTimers?: boolean;
  /** Run inside this database transaction instead of a new one. */
  client?: Prisma.TransactionClient;
};

/**
 * The one way a transaction's status changes. In one database transaction it locks the row,
 * checks the transition table (and the operation's own precondition), compare-and-sets the
 * status, and writes the history row, the webhook outbox event and any timers the new status
 * needs. Of concurrent writers exactly one wins; the others get 409 `130` with the status they
 * lost to.
 */
export async function transition(opts: TransitionOptions): Promise<Transaction> {
  if (opts.client) return transitionIn(opts.client, opts);
  return db().$transaction((tx) => transitionIn(tx, opts));
}

async function transitionIn(tx: Prisma.TransactionClient, opts: TransitionOptions): Promise<Transaction> {
  const { transactionId, to } = opts;
  const [current] = await tx.$queryRaw<
    { status: TransactionStatus; organisationId: string; details: Record<string, unknown>; lastStatusUpdate: Date }[]
  >`
    select status, "organisationId", details, "lastStatusUpdate" from transactions
    where id = ${transactionId}::uuid for update`;
  if (!current || (opts.organisationId && current.organisationId !== opts.organisationId)) {
    throw ApiError.notFound("transaction", transactionId);
  }
  const legal = opts.override
    ? to !== "INITIATED"
    : opts.direct
      ? !isFinal(current.status) && to !== "INITIATED"
      : canTransition(current.status, to);
  const permitted = !opts.from || opts.from.includes(current.status);
  if (!legal || !permitted) {
    const expected = opts.from ? opts.from.filter((s) => opts.direct || canTransition(s, to)) : allowedFrom(to);
    throw statusConflict(opts.operation ?? `moved to ${to}`, current.status, expected);
  }

  // The sandbox's direct moves may name the status the transaction already has (a dummy page
  // posted twice, a dummy_outcome_update equal to the outcome): no change, so no history row and
  // no webhook; a merchant deduplicating on webhook-id would otherwise see the status "change" twice.
  if ((opts.direct || opts.override) && to === current.status) {
    return tx.transaction.findUniqueOrThrow({ where: { id: transactionId } });
  }

  // Taken once the row is locked, and always after the previous change: last_status_update orders
  // a transaction's events (lib/transactions/lean-sql.ts does the same in SQL).
  const now = new Date(Math.max(Date.now(), current.lastStatusUpdate.getTime() + 1));
  const details = opts.changes?.details ? { ...current.details, ...opts.changes.details } : undefined;
  // Compare-and-set: the row lock above already serialises writers; the status condition makes
  // the write itself refuse a stale read.
  let updated: Transaction;
  try {
    updated = await tx.transaction.update({
      where: { id: transactionId, status: current.status },
      data: {
        status: to,
        statusReason: opts.reason ?? "",
        lastStatusUpdate: now,
        ...(details ? { details: details as Prisma.InputJsonValue } : {}),
        ...(opts.changes?.capturedAmount !== undefined ? { capturedAmount: opts.changes.capturedAmount } : {}),
      },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") {
      throw statusConflict(opts.operation ?? `moved to ${to}`, current.status, allowedFrom(to));
    }
    throw err;
  }
  await tx.transactionHistory.create({
    data: {
      transactionId,
      fromStatus: current.status,
      toStatus: to,
      reason: opts.reason ?? "",
      actor: opts.actor,
      createdAt: now,
    },
  });
  await recordEvent(tx, transactionId, transactionEventPayload(updated));
  if (opts.scheduleTimers !== false) await onEnter(tx, updated, now);

  return updated;
}
