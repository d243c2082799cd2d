import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { assertProductEnabled } from "@/lib/transactions/product-enabled";
import { invalidFields } from "@/lib/errors/validation";
import { createCustomer } from "@/lib/customers/customers";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { isProductId } from "@/lib/domain/products";
import { getProcessor } from "@/lib/processors/registry";
import type { Processor, StartResult } from "@/lib/processors/types";
import { isUuid } from "@/lib/schemas/common";
import { CustomerCreateSchema, type CustomerCreate } from "@/lib/schemas/customer";
import { TransactionStartSchema, type TransactionStart } from "@/lib/schemas/transaction";
import { addJob } from "@/lib/jobs/queue";
import { scheduleApprovalExpiry, scheduleFollowUp, startResultJob } from "@/lib/transactions/effects";
import { transition } from "@/lib/transactions/transition";
import { webhookUrlRegistrationProblem } from "@/lib/webhooks/url-guard";

export type ValidStart = {
  request: TransactionStart;
  processor: Processor;
  details: unknown;
  customer: string | CustomerCreate;
  descriptor: string;
};

/**
 * Validates the whole request, reporting every invalid field (top level, customer, details, and
 * `checked`: fields found invalid beforehand by asynchronous checks) at once.
 */
function validate(body: unknown, checked: Record<string, string> = {}): ValidStart {
  const fields: Record<string, string> = Object.create(null); // keys are the request's (see invalidFields)
  const top = TransactionStartSchema.safeParse(body);
  if (!top.success) Object.assign(fields, invalidFields(top.error, "", body));
  const raw = (body ?? {}) as Record<string, unknown>;

  let customer: string | CustomerCreate | undefined;
  if (raw.customer === undefined) fields.customer ??= "Required";
  else if (typeof raw.customer === "string") {
    if (isUuid(raw.customer)) customer = raw.customer;
    else fields.customer = "Expected a customer id (UUID) or a customer object";
  } else {
    const parsed = CustomerCreateSchema.safeParse(raw.customer);
    if (parsed.success) customer = parsed.data;
    else Object.assign(fields, invalidFields(parsed.error, "customer", raw.customer));
  }

  let processor: Processor | undefined;
  let details: unknown;
  let descriptor = "";
  if (typeof raw.payment_product === "string" && isProductId(raw.payment_product)) {
    processor = getProcessor(raw.payment_product);
    const parsed = (processor.detailsSchema as z.ZodType).safeParse(raw.details === undefined ? {} : raw.details);
    if (parsed.success) details = parsed.data;
    else Object.assign(fields, invalidFields(parsed.error, "details", raw.details === undefined ? {} : raw.details));
    descriptor = typeof raw.dynamic_descriptor === "string" ? raw.dynamic_descriptor.trim() : "";
    try {
      if (processor.normalizeDescriptor) descriptor = processor.normalizeDescriptor(descriptor);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== "101") throw e;
      Object.assign(fields, (e.details?.invalid_fields as Record<string, string>) ?? {});
    }
  }
  for (const [field, reason] of Object.entries(checked)) fields[field] ??= reason;
  if (Object.keys(fields).length || !top.success || !processor || customer === undefined) {
    throw ApiError.validation("transaction", fields);
  }

  return { request: top.data, processor, details, customer, descriptor };
}

export type StartTransactionOptions = {
  organisationId: string;
  body: unknown;
  /** The new transaction's id (default: a fresh one); an Idempotency-Key fixes it (lib/api/idempotency.ts). */
  id?: string;
};

/** The request checked in full (including the webhook URL's registration rule). */
export async function validateStart(body: unknown): Promise<ValidStart> {
  const webhookUrl = (body as { webhook_transaction_update?: unknown } | null)?.webhook_transaction_update;
  const urlProblem = typeof webhookUrl === "string" ? await webhookUrlRegistrationProblem(webhookUrl) : null;
  return validate(body, urlProblem ? { webhook_transaction_update: urlProblem } : {});
}

/**
 * Stores a validated start through Prisma, in one interactive database transaction: resolves the
 * profile and customer (creating an inline customer in the same database transaction), lets the
 * product's processor decide, and stores the transaction with its first history row. A start that
 * the processor settles at once (a server-to-server charge, `dummy_outcome`) moves on through
 * transition(), which also writes the webhook event. The API's hot path is
 * lib/transactions/start-lean.ts; it comes here for what it does not do in one statement.
 */
/** Only the dummy product's `dummy_outcome` sets a status at the start; every other start answers INITIATED. */
export const setsStatusAtStart = (processor: Processor, result: StartResult) =>
  processor.setsStatusDirectly === true && result.status !== "INITIATED";

export async function storeStart(organisationId: string, valid: ValidStart, newId?: string): Promise<Transaction> {
  const { request, processor, details, customer, descriptor } = valid;
  return db().$transaction(async (tx) => {
    const profile = await tx.paymentProfile.findFirst({
      where: { id: request.payment_profile, organisationId },
      select: { id: true, disabledProducts: true },
    });
    if (!profile) throw ApiError.notFound("payment_profile", request.payment_profile);
    assertProductEnabled(profile, processor.product);
    const customerId = await resolveCustomer(tx, organisationId, customer);

    const id = newId ?? randomUUID();
    const now = new Date();
    const result = await processor.start({
      details,
      transactionId: id,
      organisationId,
      customerId,
      amount: request.amount,
      client: tx,
      now,
    });
    const storedDetails = result.needsApproval
      ? { ...result.details, approval_url: `${env().BASE_URL}/v1/transaction/${id}/authorize` }
      : result.details;

    let transaction = await tx.transaction.create({
      data: {
        id,
        organisationId,
        paymentProfileId: profile.id,
        customerId,
        amount: request.amount,
        paymentProduct: processor.product,
        customerIp: request.customer_ip ?? "",
        userAgent: request.user_agent ?? "",
        dynamicDescriptor: descriptor,
        merchantReference: request.merchant_reference ?? "",
        webhookUrl: request.webhook_transaction_update ?? "",
        details: storedDetails as Prisma.InputJsonValue,
        extraFields: result.extraFields ?? {},
        status: "INITIATED",
        createdAt: now,
        lastStatusUpdate: now,
      },
    });
    await tx.transactionHistory.create({
      data: { transactionId: id, toStatus: "INITIATED", actor: "api", reason: "Started", createdAt: now },
    });

    if (result.needsApproval) await scheduleApprovalExpiry(tx, id, now);
    if (setsStatusAtStart(processor, result)) {
      // dummy_outcome: the status is set directly (spec 3, statement 2).
      transaction = await transition({
        client: tx,
        transactionId: id,
        to: result.status,
        reason: result.statusReason,
        actor: "sandbox",
        direct: true,
      });
      if (result.followUp) await scheduleFollowUp(tx, id, result.followUp, now);
    } else if (result.status !== "INITIATED") {
      const job = startResultJob(id, result, now);
      await addJob(tx, job.name, job.payload, job.opts);
    }

    return transaction;
  });
}

async function resolveCustomer(
  tx: Prisma.TransactionClient,
  organisationId: string,
  customer: string | CustomerCreate,
): Promise<string> {
  if (typeof customer !== "string") return (await createCustomer({ organisationId, input: customer, client: tx })).id;
  const found = await tx.customer.findFirst({ where: { id: customer, organisationId }, select: { id: true } });
  if (!found) throw ApiError.notFound("customer", customer);

  return found.id;
}
