import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { canTransition, isFinal } from "@/lib/domain/statuses";
import { env } from "@/lib/env";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { StartResult } from "@/lib/processors/types";
import { approvalExpiryJob, followUpJob, type JobSpec, onEnterJobs } from "@/lib/transactions/effects";
import { jobRow } from "@/lib/transactions/lean";
import { assertProductEnabled } from "@/lib/transactions/product-enabled";
import { type HistoryRow, insertStarted, startReferences } from "@/lib/transactions/lean-sql";
import { type StartTransactionOptions, storeStart, validateStart } from "@/lib/transactions/start-transaction";
import { transactionEventPayload } from "@/lib/webhooks/outbox";

/** Thrown by the stand-in database client: this product's start reads or writes other tables. */
class NeedsDatabase extends Error {}

/**
 * What a processor gets as `client` on the hot path. Most products decide from the request alone;
 * one that touches the database (card tokens, SEPA mandates) hits this and the start is redone
 * through Prisma in an interactive transaction (storeStart), exactly as before.
 */
const NO_CLIENT = new Proxy({} as Prisma.TransactionClient, {
  get() {
    throw new NeedsDatabase();
  },
});

/**
 * POST /v1/transaction/start in one round trip: validation and the processor's decision in
 * process, then one statement (lean-sql.ts insertStarted) that checks the profile and customer
 * belong to the caller while inserting the transaction, its history, its webhook event and its
 * jobs. The processor's result is data (status, reason, details, follow-up jobs), written as is.
 * Inline customer objects, products whose start needs the database, and anything unusual go
 * through storeStart (Prisma), unchanged.
 */
export async function startTransactionLean({ organisationId, body }: StartTransactionOptions): Promise<Transaction> {
  const valid = await validateStart(body);
  const { request, processor, details, customer, descriptor } = valid;
  if (typeof customer !== "string") return storeStart(organisationId, valid);

  const id = randomUUID();
  const now = new Date();
  let result: StartResult;
  try {
    result = await processor.start({
      details,
      transactionId: id,
      organisationId,
      customerId: customer,
      amount: request.amount,
      client: NO_CLIENT,
      now,
    });
  } catch (err) {
    if (err instanceof NeedsDatabase) return storeStart(organisationId, valid);
    // The Prisma path's order: an unknown profile, a disabled product or an unknown customer is
    // reported before the product's own checks.
    if (err instanceof ApiError)
      await throwIfNotOwned(organisationId, request.payment_profile, customer, processor.product);
    throw err;
  }
  const moves = result.status !== "INITIATED";
  const legal = processor.setsStatusDirectly
    ? !isFinal("INITIATED") && result.status !== "INITIATED"
    : canTransition("INITIATED", result.status);
  if (moves && !legal) return storeStart(organisationId, valid);

  const storedDetails = result.needsApproval
    ? { ...result.details, approval_url: `${env().BASE_URL}/v1/transaction/${id}/authorize` }
    : result.details;
  const movedAt = moves ? new Date() : now;
  const statusReason = moves ? (result.statusReason ?? "") : "";
  const history: HistoryRow[] = [
    { from: null, to: "INITIATED", reason: "Started", actor: "api", at: now.toISOString() },
  ];
  if (moves) {
    history.push({
      from: "INITIATED",
      to: result.status,
      reason: statusReason,
      actor: "sandbox",
      at: movedAt.toISOString(),
    });
  }
  const jobs: JobSpec[] = [];
  if (result.needsApproval) jobs.push(approvalExpiryJob(id, now));
  if (moves) {
    jobs.push(
      ...onEnterJobs(
        { id, status: result.status, paymentProduct: processor.product, details: storedDetails as Prisma.JsonValue },
        movedAt,
      ),
    );
  }
  if (result.followUp) jobs.push(followUpJob(id, result.followUp, now));
  const merchantReference = request.merchant_reference ?? "";
  const event = moves
    ? {
        id: randomUUID(),
        at: movedAt.toISOString(),
        payload: transactionEventPayload({
          id,
          status: result.status,
          statusReason,
          amount: request.amount,
          merchantReference,
          lastStatusUpdate: movedAt,
        }),
      }
    : null;

  const t = await insertStarted(
    {
      id,
      organisationId,
      paymentProfileId: request.payment_profile,
      customerId: customer,
      amount: request.amount,
      paymentProduct: processor.product,
      customerIp: request.customer_ip ?? "",
      userAgent: request.user_agent ?? "",
      dynamicDescriptor: descriptor,
      merchantReference,
      webhookUrl: request.webhook_transaction_update ?? "",
      details: storedDetails,
      extraFields: result.extraFields ?? {},
      status: result.status,
      statusReason,
      createdAt: now.toISOString(),
      lastStatusUpdate: movedAt.toISOString(),
    },
    history,
    event,
    jobs.map(jobRow),
  );
  if (!t) {
    await throwIfNotOwned(organisationId, request.payment_profile, customer, processor.product);
    throw new Error("start: nothing inserted although profile and customer exist");
  }
  return t;
}

/** The Prisma path's checks, in its order: profile (404), product enabled (150), customer (404). */
async function throwIfNotOwned(
  organisationId: string,
  profileId: string,
  customerId: string,
  product: string,
): Promise<void> {
  const refs = await startReferences(organisationId, profileId, customerId);
  if (!refs.profile) throw ApiError.notFound("payment_profile", profileId);
  assertProductEnabled(refs.profile, product);
  if (!refs.customer) throw ApiError.notFound("customer", customerId);
}
