import { buildReturnUrl } from "@/lib/approval/return-url";
import { db } from "@/lib/db/prisma";
import { isProductId, PAYMENT_PRODUCT_LABELS } from "@/lib/domain/products";
import { AWAITING_SHOPPER, type TransactionStatus } from "@/lib/domain/statuses";
import { ApiError } from "@/lib/errors/api-error";
import type { Transaction } from "@/lib/generated/prisma/client";
import { hostedCardPath, originQuery } from "@/lib/processors/card/hosted-flow";
import { getProcessor } from "@/lib/processors/registry";
import type { Processor } from "@/lib/processors/types";
import { isUuid } from "@/lib/schemas/common";
import { bindShopperSession, isShopperSession, SESSION_PARAM, withSession } from "@/lib/approval/shopper-session";
import { scheduleFollowUp } from "@/lib/transactions/effects";
import { transition } from "@/lib/transactions/transition";

/** A transaction that has a hosted page, with its product's processor. */
export type Loaded = { transaction: Transaction; processor: Processor; redirectUrl: string | undefined };

export async function loadHosted(id: string): Promise<Loaded | null> {
  const transaction = isUuid(id) ? await db().transaction.findUnique({ where: { id } }) : null;
  if (!transaction || !isProductId(transaction.paymentProduct)) return null;
  const processor = getProcessor(transaction.paymentProduct);
  const details = transaction.details as Record<string, unknown>;
  // Only a payment whose start handed out approval_url has a page: not a server-to-server one,
  // nor a dummy started with its outcome (its status must not be changed from a page).
  if (!processor.approvalPage || !details.approval_url) return null;
  const redirectUrl = details.redirect_url;

  return { transaction, processor, redirectUrl: typeof redirectUrl === "string" ? redirectUrl : undefined };
}

const isAwaiting = (status: string) => AWAITING_SHOPPER.includes(status as TransactionStatus);

/** The `error` a shopper brings back from a tampered form: an outcome the page does not offer. */
export const REJECTED_ERROR = "The payment page sent a choice it does not offer; nothing was changed.";

/**
 * The `error` a shopper brings back to the merchant from a payment that is no longer open (the
 * Back button, a stale tab, a payment the merchant cancelled meanwhile): what became of it, in
 * words a shop can show its customer. The status itself is the merchant's to read
 * (checkoutsuccess).
 */
const CLOSED_ERRORS: Partial<Record<string, string>> = {
  ABANDONED: "The payment session expired.",
  CANCELLED: "The payment was cancelled.",
  DECLINED: "The payment was declined.",
  FAILED: "The payment failed.",
  AUTHORIZATION_VOIDED: "The payment was cancelled.",
  UNKNOWN: "The payment is being checked; its outcome is not known yet.",
};
export const closedReturnError = (status: string) => CLOSED_ERRORS[status] ?? "The payment was already completed.";

/** The `error` of a browser that opens `approval_url` after another browser took the payment. */
export const ELSEWHERE_ERROR = "The payment is open in another browser window and can only be completed there.";

/** The merchant's `redirect_url` with `transaction_id` (and `error`), or null when there is none. */
export function returnUrlOf(
  { transaction, redirectUrl }: Pick<Loaded, "transaction" | "redirectUrl">,
  error?: string,
): string | null {
  return redirectUrl ? buildReturnUrl(redirectUrl, transaction.id, error) : null;
}

export type ApprovalTarget =
  /** `framed`: the hosted card page inside the merchant's iFrame (its cookie is a third-party one). */
  | { kind: "page"; path: string; session?: string; framed?: boolean }
  | { kind: "merchant"; url: string }
  /** Another browser opened this payment first. */
  | { kind: "elsewhere" }
  /**
   * Opened in a frame that may not show it, and nothing changed: `allowed` is the origin that may frame it (the card
   * page's `origin`; null: no frame may), `parent` the framing page's origin when the browser said.
   */
  | { kind: "blocked"; allowed: string | null; parent: string | null }
  | { kind: "not_found" };

/** Where the browser says approval_url is being opened (Fetch Metadata and Referer). */
export type Opening = {
  /** True when opened inside a frame (`Sec-Fetch-Dest: iframe`). */
  framed: boolean;
  /** The framing page's origin (the `Referer`'s), when the browser sent it. */
  parent: string | null;
};

/**
 * How approval_url is being opened, from the request's headers. Browsers send `Sec-Fetch-Dest`
 * to https and loopback addresses only, and `Referer` unless a policy drops it: without them the
 * opening counts as a plain one (the page's own Content-Security-Policy still stops a wrong frame).
 */
export function openingOf(headers: { get(name: string): string | null }): Opening {
  const dest = headers.get("sec-fetch-dest");
  const framed = dest === "iframe" || dest === "frame";
  const referer = framed ? headers.get("referer") : null;
  const parent = referer && URL.canParse(referer) ? new URL(referer).origin : null;
  return { framed, parent: parent && parent !== "null" ? parent : null };
}

/**
 * False when the browser would refuse to show the page in the frame it is being opened in: a
 * hosted page that may not be framed at all (every one but the card page with `origin`), or a
 * card page framed by a page whose origin is not the transaction's `origin`. Opening it then
 * must not start the payment, or bind it to a frame that shows nothing.
 */
function mayShowIn(opening: Opening | undefined, framedCardOrigin: unknown): boolean {
  if (!opening?.framed) return true;
  if (typeof framedCardOrigin !== "string") return false;
  return opening.parent === null || opening.parent === framedCardOrigin;
}

function toMerchant(loaded: Loaded, error?: string): ApprovalTarget {
  const url = returnUrlOf(loaded, error);
  return url ? { kind: "merchant", url } : { kind: "not_found" };
}

/**
 * `GET /v1/transaction/<id>/authorize`: the shopper arrives. A waiting transaction moves to
 * IN_PROGRESS (PIX: PENDING) and the shopper gets the product's hosted page; opening it again
 * shows the same page; a finished transaction sends the shopper straight back to the merchant.
 * The first opening binds the payment to this browser (lib/approval/shopper-session.ts);
 * `cookieToken` recognises it later. Opened inside a frame that may not show the page (`opening`:
 * no `origin`, or another site's frame), nothing changes.
 */
export async function openApprovalPage(id: string, cookieToken?: string, opening?: Opening): Promise<ApprovalTarget> {
  const loaded = await loadHosted(id);
  if (!loaded) return { kind: "not_found" };
  const { transaction, processor } = loaded;
  // The card page runs its own end (inside the merchant's iFrame it hands the URL to the parent).
  const cardPage = processor.approvalPage === "card" ? hostedCardPath(transaction) : undefined;
  const framedCard = cardPage && (transaction.details as Record<string, unknown>).origin;
  if (!mayShowIn(opening, framedCard))
    return {
      kind: "blocked",
      allowed: typeof framedCard === "string" ? framedCard : null,
      parent: opening?.parent ?? null,
    };
  // Opened again after the end: back to the merchant, saying why (spec 4.5.3).
  if (!isAwaiting(transaction.status)) {
    if (framedCard) return { kind: "page", path: cardPage };
    return toMerchant(loaded, closedReturnError(transaction.status));
  }
  const session = await bindShopperSession(id, transaction.shopperSessionHash, cookieToken);
  // Another browser holds the payment: back to the merchant with why (spec 4.5.3), nothing changes.
  // Inside the merchant's iFrame (a reloaded checkout whose frame lost its cookie, too) the card
  // page's end hands that URL to the parent page, rather than opening the merchant's page in the frame.
  if (!session) {
    if (framedCard && returnUrlOf(loaded, ELSEWHERE_ERROR))
      return { kind: "page", path: `/pay/${id}/card/done${originQuery(transaction)}&e=elsewhere` };
    return returnUrlOf(loaded, ELSEWHERE_ERROR) ? toMerchant(loaded, ELSEWHERE_ERROR) : { kind: "elsewhere" };
  }

  // The shopper is at the page: IN_PROGRESS (spec: "the consumer is busy with the payment"); a
  // product that waits for the money once its page is shown (PIX) goes on to PENDING.
  const target = processor.authorizeStatus ?? "IN_PROGRESS";
  const moves: { from: TransactionStatus; to: TransactionStatus; reason: string }[] = [];
  if (transaction.status === "INITIATED")
    moves.push({ from: "INITIATED", to: "IN_PROGRESS", reason: "Shopper opened the payment page" });
  if (target === "PENDING" && transaction.status !== "PENDING")
    moves.push({ from: "IN_PROGRESS", to: "PENDING", reason: "Waiting for the payment" });
  for (const { from, to, reason } of moves) {
    try {
      await transition({ transactionId: id, to, from: [from], actor: "shopper", reason });
    } catch (err) {
      // Another tab opened it at the same moment, or a timer ended it: decide on what is there now.
      if (!(err instanceof ApiError && err.code === "130")) throw err;
      const now = await loadHosted(id);
      if (now && !isAwaiting(now.transaction.status)) return toMerchant(now, closedReturnError(now.transaction.status));
    }
  }

  return { kind: "page", path: withSession(cardPage ?? `/pay/${id}`, session), session, framed: Boolean(framedCard) };
}

/** What became of a shopper's post on a hosted page. */
export type ShopperOutcome =
  | { kind: "not_found" }
  /** The status changed: back to the merchant. */
  | { kind: "decided"; loaded: Loaded }
  /** The payment is no longer open (finished, expired, or another post won the race). */
  | { kind: "closed"; loaded: Loaded; error: string }
  /** Input the shopper can correct: back to the page, field → reason. */
  | { kind: "retry"; loaded: Loaded; fields: Record<string, string> }
  /** Another page comes first (card: 3-D Secure). */
  | { kind: "continue"; loaded: Loaded; step: "3ds" }
  /** An outcome the page does not offer (a tampered form). */
  | { kind: "rejected"; loaded: Loaded }
  /** Not posted by the browser that opened approval_url: nothing changes. */
  | { kind: "unbound" };

/**
 * The one way a hosted page applies the shopper's decision, card included: load the waiting
 * transaction, claim it (row lock), let the product's processor decide, apply the result through
 * transition(), and report a lost race instead of changing twice. The claim comes before the
 * processor, so concurrent posts (double click, two tabs) reach the processor (and the card
 * acquirer) one after the other, and only the first finds the payment still open.
 */
export async function applyShopperOutcome(
  id: string,
  { outcome, form, page }: { outcome: string; form: Record<string, string>; page: "card" | "form" },
): Promise<ShopperOutcome> {
  const loaded = await loadHosted(id);
  if (!loaded) return { kind: "not_found" };
  const { transaction, processor } = loaded;
  if (!isShopperSession(transaction.shopperSessionHash, form[SESSION_PARAM])) return { kind: "unbound" };
  const applyOutcome = processor.applyOutcome;
  // A form of another payment, or of another kind of page, changes nothing.
  const ownPage = (processor.approvalPage === "card") === (page === "card");
  if (!applyOutcome || !ownPage || (form.transaction_id !== undefined && form.transaction_id !== id))
    return { kind: "rejected", loaded };
  if (!isAwaiting(transaction.status)) return { kind: "closed", loaded, error: closedReturnError(transaction.status) };

  try {
    return await db().$transaction(async (tx) => {
      const [claimed] = await tx.$queryRaw<{ status: string }[]>`
        select status from transactions where id = ${id}::uuid for update`;
      if (!claimed || !isAwaiting(claimed.status))
        return { kind: "closed", loaded, error: closedReturnError(claimed?.status ?? transaction.status) } as const;
      const now = new Date();
      const result = await applyOutcome({
        transactionId: id,
        outcome,
        form,
        details: transaction.details as Record<string, unknown>,
        amount: transaction.amount,
        organisationId: transaction.organisationId,
        customerId: transaction.customerId,
        client: tx,
        now,
      });
      if ("continueAt" in result) return { kind: "continue", loaded, step: result.continueAt } as const;
      await transition({
        client: tx,
        transactionId: id,
        to: result.status,
        from: AWAITING_SHOPPER,
        reason: result.statusReason,
        actor: "shopper",
        direct: processor.setsStatusDirectly,
        changes: result.details ? { details: result.details } : undefined,
      });
      if (result.followUp) await scheduleFollowUp(tx, id, result.followUp, now);

      return { kind: "decided", loaded } as const;
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === "130") {
      const now = await loadHosted(id);
      return { kind: "closed", loaded, error: closedReturnError(now?.transaction.status ?? transaction.status) };
    }
    const fields = (err.details?.invalid_fields ?? {}) as Record<string, string>;
    if (err.code === "101" && !("outcome" in fields)) return { kind: "retry", loaded, fields };
    if (err.code === "101") return { kind: "rejected", loaded };
    throw err;
  }
}

/** What a hosted page shows: nothing secret, nothing another merchant could use. */
export async function getPayPage(id: string, session: string | undefined) {
  const loaded = await loadHosted(id);
  const page = loaded?.processor.approvalPage;
  if (!loaded || !page) return null;
  const { transaction, processor } = loaded;
  const details = transaction.details as Record<string, unknown>;
  const organisation = await db().organisation.findUnique({
    where: { id: transaction.organisationId },
    select: { name: true },
  });
  const awaiting = isAwaiting(transaction.status);

  return {
    id: transaction.id,
    status: transaction.status as TransactionStatus,
    awaiting,
    /** The page was opened through approval_url in this browser (its token is in the URL). */
    session: isShopperSession(transaction.shopperSessionHash, session) ? (session as string) : null,
    amount: transaction.amount,
    descriptor: transaction.dynamicDescriptor,
    merchantName: organisation?.name ?? "",
    product: processor.product,
    label: PAYMENT_PRODUCT_LABELS[processor.product],
    page,
    issuers: processor.issuers ?? [],
    details,
    pageData:
      awaiting && processor.hostedPageData
        ? await processor.hostedPageData({ id, amount: transaction.amount, details, createdAt: transaction.createdAt })
        : {},
  };
}
export type PayPageData = NonNullable<Awaited<ReturnType<typeof getPayPage>>>;
