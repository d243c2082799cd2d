import { z } from "zod";
import { text } from "@/lib/schemas/common";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  unknownOutcome,
} from "@/lib/processors/common";
import QRCode from "qrcode";
import { env } from "@/lib/env";
import type { DecidedOutcome } from "@/lib/processors/types";

// CPF and CNPJ share the mod-11 check digit: weights applied left to right, a remainder below 2 gives 0.
const checkDigit = (digits: string, weights: readonly number[]) => {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
};

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidBrazilianDocumentId(digits: string): boolean {
  // All-same-digit numbers pass the check digits but are not issued.
  if (!/^(\d{11}|\d{14})$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  const weights = digits.length === 11 ? CPF_WEIGHTS : CNPJ_WEIGHTS;
  const body = digits.length - 2;
  return (
    checkDigit(digits, weights.slice(1, body + 1)) === Number(digits[body]) &&
    checkDigit(digits, weights.slice(0, body + 1)) === Number(digits[body + 1])
  );
}

const OUTCOMES: Record<string, DecidedOutcome> = {
  simulate_payment: { status: "SETTLEMENT_REQUESTED", statusReason: "Paid by PIX (simulated)" },
  cancel: { status: "CANCELLED", statusReason: "Cancelled by the shopper" },
  expire: { status: "ABANDONED", statusReason: "The PIX QR code expired" },
};

export const instantPaymentProcessor = defineProcessor({
  product: "instant_payment",
  detailsSchema: z.strictObject({
    ...commonDetails,
    redirect_url: approvalRedirectUrl,
    pix_name: text(140).min(1, "Required"),
    pix_document_id: z
      .string()
      .transform((s) => s.trim().replace(/[.\-/]/g, ""))
      .refine(isValidBrazilianDocumentId, "Expected a valid CPF (11 digits) or CNPJ (14 digits)"),
    pix_key: text(77).optional(),
  }),
  approvalPage: "pix",
  authorizeStatus: "PENDING",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome }) => {
    const result = Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
    if (!result) throw unknownOutcome();
    return { ...result };
  },
  // A sandbox PIX "copia e cola" code and its QR code (the qrcode library renders the SVG).
  hostedPageData: async ({ id, amount, details, createdAt }) => {
    const key = typeof details.pix_key === "string" && details.pix_key ? details.pix_key : "sandbox@payrail.test";
    const code = `PAYRAIL-SANDBOX-PIX|${id}|${(amount / 100).toFixed(2)}|${key}`;
    const svg = await QRCode.toString(code, { type: "svg", margin: 1, errorCorrectionLevel: "M" });

    return { pix: { svg, code, expiresAt: new Date(createdAt.getTime() + env().APPROVAL_TTL_MS) } };
  },
});
