import { accountProblems, normalizeIban } from "@/lib/domain/iban";
import { randomInt, randomUUID } from "node:crypto";
import { isValidBIC } from "ibantools";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { countryCode, isoDate, text } from "@/lib/schemas/common";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  redirectUrl,
  sandboxChargeStatus,
  standardOutcome,
  storedDetails,
  unknownOutcome,
} from "@/lib/processors/common";

const iban = z.string().transform((s, ctx) => {
  const normalized = normalizeIban(s);
  if (normalized) return normalized;
  ctx.addIssue({ code: "custom", message: "Not a valid IBAN" });
  return z.NEVER;
});

const MANDATE_REFERENCE = /^[A-Za-z0-9+?/:().,' -]{1,35}$/;
const REFERENCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const generateMandateReference = () =>
  `PRL-${Array.from({ length: 12 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

const todayUtc = () => new Date().toISOString().slice(0, 10);

export const sepaProcessor = defineProcessor({
  product: "sepa",
  detailsSchema: z.strictObject({
    ...commonDetails,
    sender: z
      .array(
        z.strictObject({
          account_number: iban,
          bank_code: z.string().trim().refine(isValidBIC, "Not a valid BIC").optional(),
          country_code: countryCode,
          holder_name: text(70).min(1, "Required"),
        }),
      )
      .min(1, "At least 1 sender")
      .max(5, "At most 5 senders")
      .optional(),
    mandate: z
      .string()
      .regex(MANDATE_REFERENCE, "Expected a mandate reference: 1-35 of A-Z a-z 0-9 + ? / : ( ) . , ' - and space")
      .optional(),
    sepa_due_date: isoDate.refine((d) => d >= todayUtc(), "Must not be in the past").optional(),
    redirect_url: redirectUrl,
  }),
  approvalPage: "sepa_mandate",
  settlementWaitDays: (details, now) => sepaSettlementWaitDays(details, now),
  start: async ({ details, amount, organisationId, customerId, client }) => {
    // A mandate authorises debits from one account: with `sender` given, only a mandate for one of
    // the sender's IBANs is reused; a new account needs its own mandate (the shopper signs it).
    const accounts: (string | undefined)[] = details.sender
      ? [...new Set(details.sender.map((s) => s.account_number))]
      : [undefined];
    let mandate = null;
    for (const iban of accounts) {
      mandate ??= await client.sepaMandate.findFirst({
        where: {
          organisationId,
          customerId,
          revokedAt: null,
          ...(details.mandate ? { reference: details.mandate } : {}),
          ...(iban ? { iban } : {}),
        },
        orderBy: { createdAt: "desc" },
      });
    }
    if (mandate) {
      return {
        ...sandboxChargeStatus(amount, true),
        needsApproval: false,
        details: storedDetails(details, { add: { mandate: mandate.reference, mandate_reused: true } }),
      };
    }
    if (details.mandate) {
      // References are unique per organisation; signing this one again would collide with the existing row.
      const taken = await client.sepaMandate.findFirst({ where: { organisationId, reference: details.mandate } });
      if (taken && taken.customerId === customerId && !taken.revokedAt) {
        throw ApiError.validation("transaction", {
          "details.mandate": "Refers to a mandate for another account than the sender's",
        });
      }
      if (taken) {
        throw ApiError.validation("transaction", {
          "details.mandate": "Refers to a revoked mandate or to another customer's mandate",
        });
      }
    }
    return awaitApproval(details, storedDetails(details, { add: { mandate_reused: false } }));
  },
  applyOutcome: async ({ outcome, form, details, organisationId, customerId, client, now }) => {
    if (outcome === "decline" || outcome === "cancel") return standardOutcome(outcome, true);
    if (outcome !== "sign") throw unknownOutcome();
    const invalid = accountProblems({ iban: ["iban", form.iban], holder_name: ["holder", form.holder_name] });
    const ibanValue = normalizeIban(form.iban ?? "");
    const holderName = (form.holder_name ?? "").trim();
    // A BIC is optional, but one that is given must be one (the API's sender.bank_code says the same).
    const bic = (form.bic ?? "").replace(/\s+/g, "").toUpperCase();
    if (bic && !isValidBIC(bic)) invalid.bic = "This BIC is not valid: check it, or leave it empty";
    // The mandate is the shopper's authorisation: without the box ticked there is none, whatever
    // the browser let through.
    if (form.consent !== "yes") invalid.consent = "Tick the box to authorise the direct debit";
    if (!ibanValue || Object.keys(invalid).length > 0) throw ApiError.validation("outcome", invalid);

    const reference = typeof details.mandate === "string" ? details.mandate : generateMandateReference();
    const existing = await client.sepaMandate.findFirst({ where: { organisationId, reference } });
    if (existing && (existing.customerId !== customerId || existing.revokedAt)) {
      return { status: "FAILED", statusReason: `Mandate reference ${reference} is already in use` };
    }
    // Another transaction of this customer may have signed the same reference meanwhile: that mandate is the one.
    if (!existing) {
      await client.sepaMandate.create({
        data: {
          id: randomUUID(),
          organisationId,
          customerId,
          reference,
          iban: ibanValue,
          bic,
          holderName,
          createdAt: now,
        },
      });
    }
    return {
      status: "SETTLEMENT_REQUESTED",
      statusReason: "SEPA mandate signed",
      details: { mandate: reference, mandate_reused: false },
    };
  },
});

// A SEPA debit cannot settle before its due date. For a `settlementWaitDays` hook on Processor
// (lib/transactions/effects.ts calls one; the type does not have it yet).
export function sepaSettlementWaitDays(details: Record<string, unknown>, now: Date): number {
  const due = typeof details.sepa_due_date === "string" ? Date.parse(`${details.sepa_due_date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(due)) return 1;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(1, Math.round((due - today) / 86_400_000));
}
