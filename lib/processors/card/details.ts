import { z } from "zod";
import { captureNow, commonDetails, redirectUrl } from "@/lib/processors/common";
import { isOrigin, originProblem } from "@/lib/processors/card/rules";
import { text } from "@/lib/schemas/common";

export const TOKEN_FIELDS = ["card_holder", "card_token", "card_cvv", "card_expiry_month", "card_expiry_year"] as const;

/** The card product's `details` (spec 2.3): a hosted card page, or a charge of a vaulted card token. */
export const cardDetailsSchema = z
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
      .refine(isOrigin, { error: (issue) => originProblem(String(issue.input)) })
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

export type CardDetails = z.output<typeof cardDetailsSchema>;

/** A card transaction's details as stored: never the CVC; brand and last four once a card is known. */
export type StoredCardDetails = Partial<Omit<CardDetails, "card_cvv">> & {
  card_brand?: string;
  card_last_four?: string;
  approval_url?: string;
};
