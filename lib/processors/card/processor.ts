import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { text } from "@/lib/schemas/common";
import {
  awaitApproval,
  captureNow,
  commonDetails,
  defineProcessor,
  redirectUrl,
  storedDetails,
} from "@/lib/processors/common";
import { authorizeCard } from "@/lib/processors/card/acquirer";
import { cvcLength, detectBrand } from "@/lib/processors/card/rules";
import { cardNumberOf, cardSummary } from "@/lib/processors/card/vault";

const TOKEN_FIELDS = ["card_holder", "card_token", "card_cvv", "card_expiry_month", "card_expiry_year"] as const;

const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
};

const cardDetails = z
  .strictObject({
    ...commonDetails,
    capture_now: captureNow,
    card_holder: text(100).min(1, "Must not be empty").optional(),
    card_token: z.string().min(1, "Must not be empty").max(64, "At most 64 characters").optional(),
    card_cvv: z
      .string()
      .regex(/^\d{3,4}$/, "Expected 3 or 4 digits")
      .optional(),
    card_expiry_month: z.int("Expected an integer").min(1, "Expected 1-12").max(12, "Expected 1-12").optional(),
    card_expiry_year: z
      .int("Expected an integer")
      .min(2000, "Expected a four-digit year")
      .max(2100, "Expected a four-digit year")
      .optional(),
    force_3DSecure: z.boolean().optional(),
    origin: z
      .string()
      .max(2048, "At most 2048 characters")
      .refine(isOrigin, "Expected an http(s) origin: scheme://host[:port], without path, query or trailing slash")
      .optional(),
    // Called by name in the merchant's window, so only plain identifiers are accepted.
    redirect_parent_function: z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/, "Expected 1-64 letters and digits")
      .optional(),
    redirect_url: redirectUrl,
    skip_fraud_check: z.boolean().default(false),
  })
  .superRefine(
    (details, ctx) => {
      const present = TOKEN_FIELDS.filter((field) => details[field] !== undefined);
      if (present.length > 0) {
        for (const field of TOKEN_FIELDS) {
          if (details[field] === undefined)
            ctx.addIssue({ code: "custom", path: [field], message: "Required with card_token" });
        }
      }
      if (details.redirect_parent_function !== undefined && details.origin === undefined) {
        ctx.addIssue({ code: "custom", path: ["redirect_parent_function"], message: "Requires origin" });
      }
    },
    // Run even when other fields are invalid, so every missing token field is reported in one answer.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  );

type CardDetails = z.output<typeof cardDetails>;
type TokenDetails = CardDetails & {
  card_token: string;
  card_cvv: string;
  card_expiry_month: number;
  card_expiry_year: number;
};

const hasToken = (details: CardDetails): details is TokenDetails => details.card_token !== undefined;

export const cardProcessor = defineProcessor({
  product: "card",
  detailsSchema: cardDetails,
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

    // A card is valid through the last day of its expiry month.
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (token.expiryYear * 12 + (token.expiryMonth - 1) < thisMonth) {
      throw ApiError.validation("transaction", { "details.card_expiry_year": "Card expired" });
    }
    const brand = detectBrand(token.bin);
    if (details.card_cvv.length !== cvcLength(brand)) {
      throw ApiError.validation("transaction", {
        "details.card_cvv": `Expected ${cvcLength(brand)} digits for this card`,
      });
    }
    // A merchant-initiated charge of a stored card: no shopper present for a 3-D Secure challenge.
    const result = authorizeCard({
      number: cardNumberOf(token),
      amount,
      captureNow: details.capture_now,
      skipFraudCheck: details.skip_fraud_check,
      force3DSecure: false,
      authenticated: false,
      canChallenge: false,
    });
    if (result.kind !== "final") throw new Error("a token charge cannot be challenged");
    const { card_brand, card_last_four } = cardSummary(token);

    return {
      status: result.status,
      statusReason: result.reason,
      needsApproval: false,
      details: { ...stored, card_brand, card_last_four },
    };
  },
});
