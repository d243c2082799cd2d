import { OPERATION_FROM } from "@/lib/transactions/operations";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { canTransition, type TransactionStatus } from "@/lib/domain/statuses";
import type { Transaction } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/common";
import { type JobSpec, onEnterJobs } from "@/lib/transactions/effects";
import { statusConflict } from "@/lib/transactions/errors";
import { type JobRow, selectStatus, selectTransaction, transitionOne } from "@/lib/transactions/lean-sql";

/**
 * The API's hot path for reads and merchant operations: at most two round trips each, plain pg
 * (lib/transactions/lean-sql.ts). Same answers and errors as queries.ts / operations.ts, which
 * the dashboard and the workers keep using through Prisma.
 */

type Scope = { organisationId: string; id: string };

/** Who asks for a merchant operation, as its history row names them (docs/statuses.md). */
type OperationScope = Scope & { actor?: "api" | "dashboard" };

export const jobRow = (j: JobSpec): JobRow => ({
  name: j.name,
  payload: j.payload,
  run_at: j.opts.runAt?.toISOString() ?? null,
  job_key: j.opts.jobKey ?? null,
  max_attempts: j.opts.maxAttempts ?? 10,
});

export async function getTransactionLean({ organisationId, id }: Scope): Promise<Transaction> {
  const t = isUuid(id) ? await selectTransaction(organisationId, id) : null;
  if (!t) throw ApiError.notFound("transaction", id);
  return t;
}

export async function getStatusLean({ organisationId, id }: Scope) {
  const t = isUuid(id) ? await selectStatus(organisationId, id) : null;
  if (!t) throw ApiError.notFound("transaction", id);
  return t;
}

type Op = {
  to: TransactionStatus;
  from: readonly TransactionStatus[];
  operation: string;
  reason: string;
  capturedAmount?: number;
  jobs?: JobSpec[];
};

async function operate({ organisationId, id, actor = "api" }: OperationScope, op: Op): Promise<Transaction> {
  if (!isUuid(id)) throw ApiError.notFound("transaction", id);
  const r = await transitionOne({
    id,
    organisationId,
    to: op.to,
    reason: op.reason,
    from: op.from,
    actor,
    eventId: randomUUID(),
    capturedAmount: op.capturedAmount,
    jobs: (op.jobs ?? []).map(jobRow),
  });
  if (r.kind === "not_found") throw ApiError.notFound("transaction", id);
  if (r.kind === "conflict") {
    throw statusConflict(
      op.operation,
      r.status,
      op.from.filter((s) => canTransition(s, op.to)),
    );
  }
  return r.transaction;
}

/** AUTHORIZED → SETTLEMENT_REQUESTED (two round trips: the amount and product decide the write). */
export async function captureLean({
  organisationId,
  id,
  amount,
  actor,
}: OperationScope & { amount?: number }): Promise<Transaction> {
  const t = await getTransactionLean({ organisationId, id });
  // A transaction that cannot be captured at all says so (130) before anything about the amount.
  if (!(OPERATION_FROM.capture as readonly string[]).includes(t.status)) {
    throw statusConflict("captured", t.status, OPERATION_FROM.capture);
  }
  if (amount !== undefined && amount > t.amount) {
    throw ApiError.validation("capture", { amount: `Must not exceed the authorized amount (${t.amount})` });
  }
  const now = new Date();
  return operate(
    { organisationId, id, actor },
    {
      to: "SETTLEMENT_REQUESTED",
      from: OPERATION_FROM.capture,
      operation: "captured",
      reason: amount !== undefined && amount < t.amount ? `Captured ${amount} of ${t.amount}` : "Captured",
      capturedAmount: amount ?? t.amount,
      jobs: onEnterJobs({ ...t, status: "SETTLEMENT_REQUESTED" }, now),
    },
  );
}

/** AUTHORIZED → AUTHORIZATION_VOIDED (one round trip). */
export function voidLean(scope: OperationScope): Promise<Transaction> {
  return operate(scope, {
    to: "AUTHORIZATION_VOIDED",
    from: OPERATION_FROM.void,
    operation: "voided",
    reason: "Voided",
  });
}

/** An open payment or a settlement request → CANCELLED (one round trip). */
export function cancelLean(scope: OperationScope): Promise<Transaction> {
  return operate(scope, {
    to: "CANCELLED",
    from: OPERATION_FROM.cancel,
    operation: "cancelled",
    reason: "Cancelled by the merchant",
  });
}
