import { ApiError } from "@/lib/errors/api-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { authorizeCard, type AuthorizationResult } from "@/lib/processors/card/acquirer";
import type { StoredCardDetails } from "@/lib/processors/card/details";
import { splitExpiry, validateCard } from "@/lib/processors/card/rules";
import { cardNumberOf, cardSummary, vaultCard } from "@/lib/processors/card/vault";
import { storedCaptureNow } from "@/lib/processors/common";
import type { DecidedOutcome, OutcomeInput, OutcomeResult } from "@/lib/processors/types";

/** Whether the shopper is present to answer a 3-D Secure challenge, and whether they passed one. */
type Presence = { canChallenge: boolean; authenticated: boolean };

/** Asks the sandbox acquirer: the one place a card transaction's details become an authorisation request. */
export function askAcquirer(
  details: StoredCardDetails,
  number: string,
  amount: number,
  presence: Presence,
): AuthorizationResult {
  return authorizeCard({
    number,
    amount,
    captureNow: storedCaptureNow(details),
    skipFraudCheck: details.skip_fraud_check === true,
    force3DSecure: details.force_3DSecure === true,
    ...presence,
  });
}

const decided = (result: Extract<AuthorizationResult, { kind: "final" }>, details?: Record<string, unknown>) =>
  ({ status: result.status, statusReason: result.reason, details }) satisfies DecidedOutcome;

/**
 * The hosted card flow as the card processor's outcomes. The number is validated, vaulted
 * (encrypted) and authorised in this request; the security code is checked here, in memory, and
 * then dropped: it is never written anywhere, so a 3-D Secure challenge continues without it.
 */
export async function applyCardOutcome(input: OutcomeInput): Promise<OutcomeResult> {
  const details = input.details as StoredCardDetails;
  switch (input.outcome) {
    case "cancel":
      return { status: "CANCELLED", statusReason: "Cancelled by the shopper" };
    case "pay":
      return payWithCard(input, details);
    case "3ds_approve": {
      const token = await challengedCard(input.client, input.transactionId, details, input.organisationId);
      if (!token) throw ApiError.validation("card", { number: "Please enter your card again" });
      const result = askAcquirer(details, cardNumberOf(token), input.amount, {
        canChallenge: true,
        authenticated: true,
      });
      await input.client.cardChallenge.deleteMany({ where: { transactionId: input.transactionId } });
      if (result.kind !== "final") throw new Error("an authenticated card was challenged again");
      return decided(result, cardSummary(token));
    }
    case "3ds_fail":
      return { status: "DECLINED", statusReason: "3-D Secure authentication failed" };
    case "3ds_cancel":
      return { status: "CANCELLED", statusReason: "Cancelled by the shopper during 3-D Secure" };
    default:
      throw ApiError.validation("outcome", { outcome: "Unknown outcome" });
  }
}

async function payWithCard(input: OutcomeInput, details: StoredCardDetails): Promise<OutcomeResult> {
  const { form } = input;
  // The form posts `expiry` as typed; a direct post may name its parts.
  const [expiryMonth, expiryYear] = form.expiry
    ? splitExpiry(form.expiry)
    : [form.expiry_month ?? "", form.expiry_year ?? ""];
  const card = validateCard(
    {
      number: form.card_number ?? "",
      expiryMonth,
      expiryYear,
      cvc: form.cvc ?? "",
      holder: form.holder ?? "",
    },
    input.now,
  );
  if (Object.keys(card.errors).length) throw ApiError.validation("card", card.errors);

  const token = await vaultCard(input.client, {
    organisationId: input.organisationId,
    number: card.number,
    expiryMonth: card.month,
    expiryYear: card.year,
    holder: (form.holder ?? "").trim(),
  });
  const result = askAcquirer(details, card.number, input.amount, { canChallenge: true, authenticated: false });
  log().info(
    {
      transactionId: input.transactionId,
      brand: token.brand,
      last4: token.lastFour,
      result: result.kind === "final" ? result.status : "challenge",
    },
    "card submitted",
  );
  if (result.kind === "challenge") {
    await input.client.cardChallenge.upsert({
      where: { transactionId: input.transactionId },
      create: { transactionId: input.transactionId, cardTokenId: token.id },
      update: { cardTokenId: token.id },
    });
    return { continueAt: "3ds" };
  }

  return decided(result, cardSummary(token));
}

/**
 * The card a 3-D Secure challenge is about: the one the shopper typed on the card page, or the
 * vaulted card of a token charge started with `force_3DSecure`.
 */
export async function challengedCard(
  client: Prisma.TransactionClient,
  transactionId: string,
  details: StoredCardDetails,
  organisationId: string,
) {
  const challenge = await client.cardChallenge.findUnique({ where: { transactionId } });
  if (challenge) return client.cardToken.findUnique({ where: { id: challenge.cardTokenId } });
  if (details.card_token && details.force_3DSecure)
    return client.cardToken.findFirst({ where: { token: details.card_token, organisationId } });

  return null;
}

/**
 * Where the shopper enters the hosted card flow: the card form, or straight to 3-D Secure for a
 * token charge started with `force_3DSecure` (the card is known; only the shopper must confirm).
 */
export const hostedCardPath = (t: { id: string; details: unknown }) =>
  `/pay/${t.id}/card${(t.details as StoredCardDetails).card_token ? "/3ds" : ""}${originQuery(t)}`;

/** `?o=<origin>` for the hosted card pages: the proxy frames them for that origin only. */
export const originQuery = (t: { details: unknown }) => {
  const origin = (t.details as StoredCardDetails).origin;
  return origin ? `?o=${encodeURIComponent(origin)}` : "";
};
