import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { httpUrl, text } from "@/lib/schemas/common";
import type { TransactionStatus } from "@/lib/domain/statuses";
import type { DecidedOutcome, Processor } from "@/lib/processors/types";

// Lets `start` infer its details type from `detailsSchema`.
export const defineProcessor = <S extends z.ZodType>(processor: Processor<S>): Processor<S> => processor;

const MERCHANT_DATA_MAX = 1024;

const merchantData = z
  .record(z.string(), z.string("Values must be strings"))
  .refine((v) => JSON.stringify(v).length <= MERCHANT_DATA_MAX, `At most ${MERCHANT_DATA_MAX} characters as JSON`);

export const commonDetails = {
  checkout_id: text(255).optional(),
  // zod leaves a `__proto__` key out of a record without a word; the merchant would lose it silently.
  merchant_data: z
    .preprocess((value, ctx) => {
      if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__"))
        ctx.addIssue({ code: "custom", message: "__proto__ cannot be a key", path: ["__proto__"], input: value });
      return value;
    }, merchantData)
    .optional(),
};

export const redirectUrl = httpUrl().optional();

const NEEDS_REDIRECT = "Required when the shopper must approve the payment";

/**
 * `redirect_url` of a product whose every start waits for the shopper: required by the schema, so
 * that its absence is reported with the request's other invalid fields. Products that wait only
 * sometimes (a card without a token, dummy without an outcome) check it in `start` instead.
 */
export const approvalRedirectUrl = httpUrl((issue) =>
  issue.input === undefined ? NEEDS_REDIRECT : "Expected an absolute http(s) URL",
);

export const captureNow = z.boolean().default(true);

// zod's own enum message does not name the values; a missing value says "Required" like any other field.
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? "Required" : `Expected one of: ${values.join(", ")}`),
  });

export function requireRedirectUrl(details: { redirect_url?: string }): void {
  if (!details.redirect_url) {
    throw ApiError.validation("transaction", {
      "details.redirect_url": NEEDS_REDIRECT,
    });
  }
}

export type ChargeResult = { status: TransactionStatus; statusReason: string };

// Magic amounts (ending in 51/52/53) let merchants reach the unhappy paths of a server-to-server charge.
export function sandboxChargeStatus(amount: number, captureNow: boolean): ChargeResult {
  switch (amount % 100) {
    case 51:
      return { status: "DECLINED", statusReason: "Declined by the sandbox processor (amount ending in 51)" };
    case 52:
      return { status: "FAILED", statusReason: "Processing error in the sandbox (amount ending in 52)" };
    case 53:
      return { status: "UNKNOWN", statusReason: "Status unknown in the sandbox (amount ending in 53)" };
    default:
      return { status: captureNow ? "SETTLEMENT_REQUESTED" : "AUTHORIZED", statusReason: "" };
  }
}

export const unknownOutcome = () => ApiError.validation("outcome", { outcome: "Unknown outcome" });

export type StandardOutcome = "approve" | "decline" | "cancel" | "fail";

/**
 * The status of one of the standard outcomes. `offered`: the outcomes the product's page shows
 * (components/pay/product-forms.tsx); any other, posted by a tampered form, is refused like an
 * unknown one, so a page cannot end in a status its buttons do not offer.
 */
export function standardOutcome(
  outcome: string,
  captureNow: boolean,
  offered: readonly StandardOutcome[] = ["approve", "decline", "cancel", "fail"],
): DecidedOutcome {
  if (!(offered as readonly string[]).includes(outcome)) throw unknownOutcome();
  switch (outcome) {
    case "approve":
      return {
        status: captureNow ? "SETTLEMENT_REQUESTED" : "AUTHORIZED",
        statusReason: "Approved on the sandbox page",
      };
    case "decline":
      return { status: "DECLINED", statusReason: "Declined on the sandbox page" };
    case "cancel":
      return { status: "CANCELLED", statusReason: "Cancelled by the shopper" };
    case "fail":
      return { status: "FAILED", statusReason: "Failed on the sandbox page" };
    default:
      throw unknownOutcome();
  }
}

// Stored details were parsed with the default, so only an explicit false means authorise only.
export const storedCaptureNow = (details: Record<string, unknown>) => details.capture_now !== false;

const withoutUndefined = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    );
  }
  return value;
};

// Optional fields parse to undefined; they must not reach the Json column or the response as keys.
export function storedDetails(
  details: object,
  { omit = [], add = {} }: { omit?: readonly string[]; add?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(details).filter(([key]) => !omit.includes(key)));
  return withoutUndefined({ ...kept, ...add }) as Record<string, unknown>;
}

export function awaitApproval(
  details: { redirect_url?: string },
  stored: Record<string, unknown> = storedDetails(details),
): { status: "INITIATED"; needsApproval: true; details: Record<string, unknown> } {
  requireRedirectUrl(details);
  return { status: "INITIATED", needsApproval: true, details: stored };
}
