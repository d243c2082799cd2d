import { ApiError } from "@/lib/errors/api-error";
import { buildReturnUrl } from "@/lib/approval/return-url";
import { authorizeCard, type AuthorizationResult } from "@/lib/processors/card/acquirer";
import { BRAND_NAMES, type Brand, type CardFieldErrors, validateCard } from "@/lib/processors/card/rules";
import { cardNumberOf, cardSummary, vaultCard } from "@/lib/processors/card/vault";
import { db } from "@/lib/db/prisma";
import type { CardToken, Prisma, Transaction } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { isUuid } from "@/lib/schemas/common";
import { AWAITING_SHOPPER, type TransactionStatus } from "@/lib/domain/statuses";
import { transition } from "@/lib/transactions/transition";

/** Where the shopper goes after a step of the hosted card page. */
export type CardStep =
  | { kind: "retry"; errors: CardFieldErrors }
  | { kind: "challenge" }
  | { kind: "finished"; error?: FinishError }
  | { kind: "not_found" };

/** Errors shown to the merchant as `error=`: a fixed set, so nothing from a URL is ever echoed. */
export const FINISH_ERRORS = {
  already: "The payment was already completed.",
  expired: "The payment session expired.",
} as const;
export type FinishError = keyof typeof FINISH_ERRORS;

type CardTransaction = Transaction & { details: CardDetails };
type CardDetails = {
  redirect_url?: string;
  origin?: string;
  redirect_parent_function?: string;
  capture_now?: boolean;
  skip_fraud_check?: boolean;
  force_3DSecure?: boolean;
};

export async function loadCardTransaction(id: string): Promise<CardTransaction | null> {
  const t = isUuid(id) ? await db().transaction.findUnique({ where: { id } }) : null;
  return t && t.paymentProduct === "card" ? (t as CardTransaction) : null;
}

const finishedError = (status: string): FinishError => (status === "ABANDONED" ? "expired" : "already");

/**
 * The card page's submit. The number is validated, vaulted (encrypted) and authorised by the
 * sandbox acquirer in this request; the security code is checked here, in memory, and then
 * dropped: it is never written anywhere, so a 3-D Secure challenge continues without it.
 */
export async function submitCard(id: string, form: Record<string, string>): Promise<CardStep> {
  const t = await loadCardTransaction(id);
  if (!t) return { kind: "not_found" };
  if (!AWAITING_SHOPPER.includes(t.status as TransactionStatus))
    return { kind: "finished", error: finishedError(t.status) };
  if (form.outcome === "cancel")
    return finish(t, { kind: "final", status: "CANCELLED", reason: "Cancelled by the shopper" });

  const card = validateCard({
    number: form.card_number ?? "",
    expiryMonth: form.expiry_month ?? "",
    expiryYear: form.expiry_year ?? "",
    cvc: form.cvc ?? "",
    holder: form.holder ?? "",
  });
  if (Object.keys(card.errors).length) return { kind: "retry", errors: card.errors };

  return runInTransaction(t, async (tx) => {
    const token = await vaultCard(tx, {
      organisationId: t.organisationId,
      number: card.number,
      expiryMonth: card.month,
      expiryYear: card.year,
      holder: form.holder.trim(),
    });
    const result = authorize(t, card.number, false);
    log().info(
      {
        transactionId: t.id,
        brand: token.brand,
        last4: token.lastFour,
        result: result.kind === "final" ? result.status : "challenge",
      },
      "card submitted",
    );
    if (result.kind === "challenge") {
      await tx.cardChallenge.upsert({
        where: { transactionId: t.id },
        create: { transactionId: t.id, cardTokenId: token.id },
        update: { cardTokenId: token.id },
      });
      return { kind: "challenge" };
    }
    await applyResult(tx, t, result, token);

    return { kind: "finished" };
  });
}

/** The sandbox 3-D Secure page's answer: approve (then the acquirer decides), fail or cancel. */
export async function completeChallenge(id: string, outcome: string): Promise<CardStep> {
  const t = await loadCardTransaction(id);
  if (!t) return { kind: "not_found" };
  if (!AWAITING_SHOPPER.includes(t.status as TransactionStatus))
    return { kind: "finished", error: finishedError(t.status) };
  const challenge = await db().cardChallenge.findUnique({ where: { transactionId: id } });
  const token = challenge ? await db().cardToken.findUnique({ where: { id: challenge.cardTokenId } }) : null;
  if (!token) return { kind: "retry", errors: { number: "Please enter your card again" } };

  let result: AuthorizationResult;
  if (outcome === "approve") {
    result = authorize(t, cardNumberOf(token), true);
  } else if (outcome === "fail") {
    result = { kind: "final", status: "DECLINED", reason: "3-D Secure authentication failed" };
  } else if (outcome === "cancel") {
    result = { kind: "final", status: "CANCELLED", reason: "Cancelled by the shopper during 3-D Secure" };
  } else {
    return { kind: "retry", errors: {} };
  }

  return runInTransaction(t, async (tx) => {
    await applyResult(tx, t, result, token);
    await tx.cardChallenge.deleteMany({ where: { transactionId: id } });

    return { kind: "finished" };
  });
}

/** The shopper is present on the hosted page, so a challenge is possible. */
function authorize(t: CardTransaction, number: string, authenticated: boolean): AuthorizationResult {
  return authorizeCard({
    number,
    amount: t.amount,
    captureNow: t.details.capture_now !== false,
    skipFraudCheck: t.details.skip_fraud_check === true,
    force3DSecure: t.details.force_3DSecure === true,
    authenticated,
    canChallenge: true,
  });
}

async function applyResult(
  tx: Prisma.TransactionClient,
  t: CardTransaction,
  result: AuthorizationResult,
  token?: CardToken,
) {
  if (result.kind !== "final") return;
  await transition({
    client: tx,
    transactionId: t.id,
    to: result.status,
    from: AWAITING_SHOPPER,
    reason: result.reason,
    actor: "shopper",
    changes: token ? { details: cardSummary(token) } : undefined,
  });
}

function finish(t: CardTransaction, result: AuthorizationResult): Promise<CardStep> {
  return runInTransaction(t, async (tx) => {
    await applyResult(tx, t, result);
    return { kind: "finished" };
  });
}

/** A concurrent submit (two tabs, a double click) or a timer won: report it instead of changing twice. */
async function runInTransaction(
  t: CardTransaction,
  fn: (tx: Prisma.TransactionClient) => Promise<CardStep>,
): Promise<CardStep> {
  try {
    return await db().$transaction(fn);
  } catch (err) {
    if (err instanceof ApiError && err.code === "130") {
      const now = await loadCardTransaction(t.id);
      return { kind: "finished", error: finishedError(now?.status ?? t.status) };
    }
    throw err;
  }
}

/** The merchant's return URL for a card transaction (with `error` from the fixed set). */
export function cardReturnUrl(t: CardTransaction, error?: FinishError): string | null {
  if (!t.details.redirect_url) return null;
  return buildReturnUrl(t.details.redirect_url, t.id, error ? FINISH_ERRORS[error] : undefined);
}

/** `?o=<origin>` for the hosted card pages: the proxy frames them for that origin only. */
export const originQuery = (t: { details: unknown }) => {
  const origin = (t.details as CardDetails).origin;
  return origin ? `?o=${encodeURIComponent(origin)}` : "";
};

export async function challengeCard(id: string): Promise<{ brand: string; lastFour: string } | null> {
  const challenge = await db().cardChallenge.findUnique({ where: { transactionId: id } });
  const token = challenge
    ? await db().cardToken.findUnique({ where: { id: challenge.cardTokenId }, select: { brand: true, lastFour: true } })
    : null;
  return token ? { brand: BRAND_NAMES[token.brand as Brand] ?? "Card", lastFour: token.lastFour } : null;
}
