import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { env } from "@/lib/env";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { customerRow, namesOtherOrganisation } from "@/lib/customers/customers";
import { LEAN_READS, NeedsDatabase } from "@/lib/transactions/lean-reads";
import type { StartResult } from "@/lib/processors/types";
import { approvalExpiryJob, followUpJob, type JobSpec, onEnterJobs, startResultJob } from "@/lib/transactions/effects";
import { jobRow } from "@/lib/transactions/lean";
import { assertProductEnabled } from "@/lib/transactions/product-enabled";
import { type HistoryRow, insertStarted, startReferences } from "@/lib/transactions/lean-sql";
import {
  setsStatusAtStart,
  type StartTransactionOptions,
  storeStart,
  validateStart,
} from "@/lib/transactions/start-transaction";
import { transactionEventPayload } from "@/lib/webhooks/outbox";

/**
 * POST /v1/transaction/start in one round trip: validation and the processor's decision in
 * process, then one statement (lean-sql.ts insertStarted) that checks the profile and customer
 * belong to the caller while inserting the transaction, its history, its webhook event and its
 * jobs; an inline customer object is inserted by the same statement. The processor's result is
 * data (status, reason, details, follow-up jobs), written as is. A product that reads the database
 * to decide (a vaulted card, SEPA mandates) does so through LEAN_READS (plain pg, one more round
 * trip); anything those reads do not cover, and an inline customer naming another organisation,
 * go through storeStart (Prisma), unchanged.
 */
export async function startTransactionLean({
  organisationId,
  body,
  id = randomUUID(),
}: StartTransactionOptions): Promise<Transaction> {
  const valid = await validateStart(body);
  const { request, processor, details, customer, descriptor } = valid;
  // Another organisation named in the inline customer: its 404 comes after the profile's checks
  // (storeStart's order), a rare case left to that path.
  if (typeof customer !== "string" && namesOtherOrganisation(customer, organisationId))
    return storeStart(organisationId, valid, id);

  const now = new Date();
  let newCustomer: ReturnType<typeof customerRow> | undefined;
  if (typeof customer !== "string") newCustomer = customerRow(organisationId, customer, randomUUID(), now);
  const customerId = newCustomer?.id ?? (customer as string);
  let result: StartResult;
  try {
    result = await processor.start({
      details,
      transactionId: id,
      organisationId,
      customerId,
      amount: request.amount,
      client: LEAN_READS,
      now,
    });
  } catch (err) {
    if (err instanceof NeedsDatabase) return storeStart(organisationId, valid, id);
    // The Prisma path's order: an unknown profile, a disabled product or an unknown customer is
    // reported before the product's own checks.
    if (err instanceof ApiError)
      await throwIfNotOwned(
        organisationId,
        request.payment_profile,
        newCustomer ? null : customerId,
        processor.product,
      );
    throw err;
  }
  // Only dummy_outcome sets a status at the start; any other result follows through the queue.
  const moves = setsStatusAtStart(processor, result);

  const storedDetails = result.needsApproval
    ? { ...result.details, approval_url: `${env().BASE_URL}/v1/transaction/${id}/authorize` }
    : result.details;
  // After INITIATED, never at the same millisecond: a transaction's changes are ordered by their time.
  const movedAt = moves ? new Date(Math.max(Date.now(), now.getTime() + 1)) : now;
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
  if (moves && result.followUp) jobs.push(followUpJob(id, result.followUp, now));
  if (!moves && result.status !== "INITIATED") jobs.push(startResultJob(id, result, now));
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
      customerId,
      amount: request.amount,
      paymentProduct: processor.product,
      customerIp: request.customer_ip ?? "",
      userAgent: request.user_agent ?? "",
      dynamicDescriptor: descriptor,
      merchantReference,
      webhookUrl: request.webhook_transaction_update ?? "",
      details: storedDetails,
      extraFields: result.extraFields ?? {},
      status: moves ? result.status : "INITIATED",
      statusReason,
      createdAt: now.toISOString(),
      lastStatusUpdate: movedAt.toISOString(),
    },
    history,
    event,
    jobs.map(jobRow),
    newCustomer,
  );
  if (!t) {
    await throwIfNotOwned(organisationId, request.payment_profile, newCustomer ? null : customerId, processor.product);
    throw new Error("start: nothing inserted although profile and customer exist");
  }
  return t;
}

/**
 * The Prisma path's checks, in its order: profile (404), product enabled (150), customer (404;
 * `null`: an inline customer, created with the start, so nothing to check).
 */
async function throwIfNotOwned(
  organisationId: string,
  profileId: string,
  customerId: string | null,
  product: string,
): Promise<void> {
  const refs = await startReferences(organisationId, profileId, customerId ?? profileId);
  if (!refs.profile) throw ApiError.notFound("payment_profile", profileId);
  assertProductEnabled(refs.profile, product);
  if (customerId !== null && !refs.customer) throw ApiError.notFound("customer", customerId);
}
