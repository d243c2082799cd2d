import { accountProblems, normalizeIban } from "@/lib/domain/iban";
import { extractIBAN } from "ibantools";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  standardOutcome,
} from "@/lib/processors/common";

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };
const DESCRIPTOR_MAX = 27;

export function normalizeInstantTransferDescriptor(descriptor: string): string {
  // NFC first: "u" + combining diaeresis (as some systems send it) is the same "ü".
  const normalized = descriptor.normalize("NFC").replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]);
  if (!/^[0-9A-Za-z +.,-]*$/.test(normalized)) {
    throw ApiError.validation("transaction", {
      dynamic_descriptor: "Only letters, digits, space and + . , - are allowed",
    });
  }
  if (normalized.length > DESCRIPTOR_MAX) {
    throw ApiError.validation("transaction", { dynamic_descriptor: `At most ${DESCRIPTOR_MAX} characters` });
  }
  return normalized;
}

// For a shopper who leaves the IBAN empty on the sandbox bank login.
export const SANDBOX_SENDER_IBAN = "DE89370400440532013000";
/** The sandbox bank's BIC in the account's country: SBXB + country + FF + XXX (DE → SBXBDEFFXXX). */
export const sandboxBic = (countryCode: string) => `SBXB${countryCode.toUpperCase()}FFXXX`;

export const instantTransferProcessor = defineProcessor({
  product: "instant_transfer",
  detailsSchema: z.strictObject({ ...commonDetails, redirect_url: approvalRedirectUrl }),
  approvalPage: "bank_login",
  normalizeDescriptor: normalizeInstantTransferDescriptor,
  start: async ({ details }) => ({
    ...awaitApproval(details),
    extraFields: { payment_product_type: "instant_transfer", processor: "instant_transfer" },
  }),
  applyOutcome: async ({ outcome, form }) => {
    if (outcome !== "approve") return standardOutcome(outcome, true, ["decline", "cancel"]);
    const invalid = accountProblems({ holder: ["holder", form.holder], iban: ["optional-iban", form.iban] });
    const holder = (form.holder ?? "").trim();
    const iban = form.iban?.trim() ? normalizeIban(form.iban) : SANDBOX_SENDER_IBAN;
    if (!iban || Object.keys(invalid).length > 0) throw ApiError.validation("outcome", invalid);
    const parts = extractIBAN(iban);
    return {
      ...standardOutcome(outcome, true),
      statusReason: "Paid by instant bank transfer",
      details: {
        sender: {
          country_code: parts.countryCode ?? iban.slice(0, 2),
          iban,
          bic: sandboxBic(parts.countryCode ?? iban.slice(0, 2)),
          bank_name: "",
          bank_code: parts.bankIdentifier ?? "",
          account_number: parts.accountNumber ?? parts.bban ?? "",
          holder,
        },
      },
    };
  },
});
