import { ApiError } from "@/lib/errors/api-error";
import { awaitApproval, defineProcessor, storedDetails } from "@/lib/processors/common";
import { type CardDetails, cardDetailsSchema } from "@/lib/processors/card/details";
import { applyCardOutcome, askAcquirer } from "@/lib/processors/card/hosted-flow";
import { cvcLength, detectBrand, isExpired } from "@/lib/processors/card/rules";
import { cardNumberOf, cardSummary } from "@/lib/processors/card/vault";

type TokenDetails = CardDetails & {
  card_token: string;
  card_cvv: string;
  card_expiry_month: number;
  card_expiry_year: number;
};

const hasToken = (details: CardDetails): details is TokenDetails => details.card_token !== undefined;

/**
 * Cards: without `card_token` the shopper types the card on the hosted card page (full page, or
 * the merchant's iFrame for `origin`); with it, a vaulted card is charged server to server, or
 * through a 3-D Secure challenge at `approval_url` when `force_3DSecure` asks for one.
 */
export const cardProcessor = defineProcessor({
  product: "card",
  detailsSchema: cardDetailsSchema,
  approvalPage: "card",
  start: async ({ details, amount, organisationId, client, now }) => {
    // The CVC is used for this charge only: never stored, never echoed.
    const stored = storedDetails(details, { omit: ["card_cvv"] });
    if (!hasToken(details)) return awaitApproval(details, stored);

    const token = await client.cardToken.findFirst({ where: { token: details.card_token, organisationId } });
    if (!token) throw ApiError.notFound("card_token", details.card_token);

    const invalid: Record<string, string> = {};
    if (details.card_expiry_month !== token.expiryMonth)
      invalid["details.card_expiry_month"] = "Does not match the card";
    if (details.card_expiry_year !== token.expiryYear) invalid["details.card_expiry_year"] = "Does not match the card";
    if (Object.keys(invalid).length > 0) throw ApiError.validation("transaction", invalid);
    if (isExpired(token.expiryMonth, token.expiryYear, now)) {
      throw ApiError.validation("transaction", { "details.card_expiry_year": "Card expired" });
    }
    const brand = detectBrand(token.bin);
    if (details.card_cvv.length !== cvcLength(brand)) {
      throw ApiError.validation("transaction", {
        "details.card_cvv": `Expected ${cvcLength(brand)} digits for this card`,
      });
    }
    const { card_brand, card_last_four } = cardSummary(token);
    const withCard = { ...stored, card_brand, card_last_four };
    // force_3DSecure: the shopper authenticates at approval_url before the acquirer decides.
    if (details.force_3DSecure) return awaitApproval(details, withCard);

    // A merchant-initiated charge of a stored card: no shopper present for a 3-D Secure challenge.
    const result = askAcquirer(details, cardNumberOf(token), amount, { canChallenge: false, authenticated: false });
    if (result.kind !== "final") throw new Error("a token charge cannot be challenged");

    return { status: result.status, statusReason: result.reason, needsApproval: false, details: withCard };
  },
  applyOutcome: applyCardOutcome,
});
