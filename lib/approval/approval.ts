import { PAYMENT_PRODUCT_LABELS } from "@/lib/domain/products";
import { ApiError } from "@/lib/errors/api-error";
import { buildReturnUrl } from "@/lib/approval/return-url";
import { db } from "@/lib/db/prisma";
import type { Transaction } from "@/lib/generated/prisma/client";
import { isProductId } from "@/lib/domain/products";
import { getProcessor } from "@/lib/processors/registry";
import type { Processor } from "@/lib/processors/types";
import { isUuid } from "@/lib/schemas/common";
import { scheduleFollowUp } from "@/lib/transactions/effects";
import { AWAITING_SHOPPER, type TransactionStatus } from "@/lib/domain/statuses";
import { originQuery } from "@/lib/processors/card/hosted-flow";
import { transition } from "@/lib/transactions/transition";

export type ApprovalTarget = { kind: "page"; path: string } | { kind: "merchant"; url: string } | { kind: "not_found" };

type Loaded = { transaction: Transaction; processor: Processor; redirectUrl: string | undefined };

async function load(id: string): Promise<Loaded | null> {
  const transaction = isUuid(id) ? await db().transaction.findUnique({ where: { id } }) : null;
  if (!transaction || !isProductId(transaction.paymentProduct)) return null;
  const redirectUrl = (transaction.details as Record<string, unknown>).redirect_url;

  return {
    transaction,
    processor: getProcessor(transaction.paymentProduct),
    redirectUrl: typeof redirectUrl === "string" ? redirectUrl : undefined,
  };
}

type BackToMerchant = { kind: "merchant"; url: string } | { kind: "not_found" };

function backToMerchant({ transaction, redirectUrl }: Loaded, error?: string): BackToMerchant {
  if (!redirectUrl) return { kind: "not_found" };
  return { kind: "merchant", url: buildReturnUrl(redirectUrl, transaction.id, error) };
}

function finishedError(status: string): string | undefined {
  return status === "ABANDONED" ? "The payment session expired." : undefined;
}

/** For a post on a payment that is no longer open: expired, or already completed. */
const closedError = (status: string) => finishedError(status) ?? `The payment was already completed (${status}).`;

/**
 * `GET /v1/transaction/<id>/authorize`: the shopper arrives. A waiting transaction moves to
 * IN_PROGRESS (PIX: PENDING) and the shopper gets the product's hosted page; opening it again
 * shows the same page; a finished transaction sends the shopper straight back to the merchant.
 */
export async function authorize(id: string): Promise<ApprovalTarget> {
  const loaded = await load(id);
  if (!loaded || !loaded.processor.approvalPage) return { kind: "not_found" };
  const { transaction, processor } = loaded;
  // The card page runs its own end (inside the merchant's iFrame it hands the URL to the parent).
  const cardPage = processor.approvalPage === "card" ? `/pay/${id}/card${originQuery(transaction)}` : undefined;
  const framedCard = cardPage && (transaction.details as Record<string, unknown>).origin;
  if (!AWAITING_SHOPPER.includes(transaction.status as TransactionStatus)) {
    return framedCard ? { kind: "page", path: cardPage } : backToMerchant(loaded, finishedError(transaction.status));
  }

  const target = processor.authorizeStatus ?? "IN_PROGRESS";
  if (transaction.status === "INITIATED" || (transaction.status === "IN_PROGRESS" && target === "PENDING")) {
    try {
      await transition({
        transactionId: id,
        to: target,
        from: ["INITIATED", "IN_PROGRESS"],
        actor: "shopper",
        reason: "Shopper opened the payment page",
      });
    } catch (err) {
      // Another tab opened it at the same moment, or a timer ended it: decide on what is there now.
      if (!(err instanceof ApiError && err.code === "130")) throw err;
      const now = await load(id);
      if (now && !AWAITING_SHOPPER.includes(now.transaction.status as TransactionStatus))
        return backToMerchant(now, finishedError(now.transaction.status));
    }
  }

  return { kind: "page", path: cardPage ?? `/pay/${id}` };
}

export type CompletionResult =
  | { kind: "merchant"; url: string }
  | { kind: "retry"; path: string }
  | { kind: "bad_request"; message: string }
  | { kind: "not_found" };

/**
 * A hosted page's form post. The outcome goes through the product's processor and then the one
 * transition function, so two submissions (double click, two tabs) change the status once: the
 * loser is sent back to the merchant with `error`.
 */
export async function completeApproval(id: string, form: Record<string, string>): Promise<CompletionResult> {
  const loaded = await load(id);
  if (!loaded || !loaded.processor.approvalPage) return { kind: "not_found" };
  if (form.transaction_id !== undefined && form.transaction_id !== id)
    return { kind: "bad_request", message: "This form belongs to another payment." };
  const { transaction, processor } = loaded;
  if (!loaded.redirectUrl) return { kind: "bad_request", message: "This payment has no return address." };
  if (!AWAITING_SHOPPER.includes(transaction.status as TransactionStatus)) {
    return backToMerchant(loaded, closedError(transaction.status));
  }
  const outcome = form.outcome ?? "";
  if (outcome !== "cancel" && !processor.applyOutcome)
    return { kind: "bad_request", message: "This payment is completed on another page." };

  try {
    await db().$transaction(async (tx) => {
      const now = new Date();
      const result =
        outcome === "cancel"
          ? { status: "CANCELLED" as const, statusReason: "Cancelled by the shopper" }
          : await processor.applyOutcome!({
              outcome,
              form,
              details: transaction.details as Record<string, unknown>,
              amount: transaction.amount,
              organisationId: transaction.organisationId,
              customerId: transaction.customerId,
              client: tx,
              now,
            });
      await transition({
        client: tx,
        transactionId: id,
        to: result.status,
        from: AWAITING_SHOPPER,
        reason: result.statusReason,
        actor: "shopper",
        direct: processor.setsStatusDirectly,
        changes: "details" in result && result.details ? { details: result.details } : undefined,
      });
      if ("followUp" in result && result.followUp) await scheduleFollowUp(tx, id, result.followUp, now);
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === "130") {
      const now = await load(id);
      const status = now?.transaction.status ?? transaction.status;
      return backToMerchant(loaded, closedError(status));
    }
    const fields = (err.details?.invalid_fields ?? {}) as Record<string, string>;
    if (err.code === "101" && !("outcome" in fields)) {
      // A field the shopper can correct (PIN, IBAN, bank): back to the page with the reason.
      const [field, reason] = Object.entries(fields)[0] ?? ["", err.message];
      return {
        kind: "retry",
        path: `/pay/${id}?field=${encodeURIComponent(field)}&error=${encodeURIComponent(reason)}`,
      };
    }
    return { kind: "bad_request", message: err.code === "101" ? "This page does not offer that choice." : err.message };
  }

  return backToMerchant(loaded);
}

/** What a hosted page shows: nothing secret, nothing another merchant could use. */
export async function getPayPage(id: string) {
  const loaded = await load(id);
  const page = loaded?.processor.approvalPage;
  if (!loaded || !page) return null;
  const { transaction, processor } = loaded;
  const organisation = await db().organisation.findUnique({
    where: { id: transaction.organisationId },
    select: { name: true },
  });

  return {
    id: transaction.id,
    status: transaction.status as TransactionStatus,
    awaiting: AWAITING_SHOPPER.includes(transaction.status as TransactionStatus),
    amount: transaction.amount,
    descriptor: transaction.dynamicDescriptor,
    merchantName: organisation?.name ?? "",
    product: processor.product,
    label: PAYMENT_PRODUCT_LABELS[processor.product],
    page,
    issuers: processor.issuers ?? [],
    details: transaction.details as Record<string, unknown>,
    createdAt: transaction.createdAt,
  };
}
export type PayPageData = NonNullable<Awaited<ReturnType<typeof getPayPage>>>;
