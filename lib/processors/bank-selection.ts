import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  standardOutcome,
} from "@/lib/processors/common";

export type Issuer = { id: string; name: string; country_code: string };

// Neutral sandbox banks; ids are BIC-shaped, as in real issuer lists.
export const ISSUERS: readonly Issuer[] = [
  { id: "SBXBNL2A", name: "Sandbox Bank", country_code: "NL" },
  { id: "HRBSNL2A", name: "Harbour Savings Bank", country_code: "NL" },
  { id: "TLPCNL2A", name: "Tulip Cooperative Bank", country_code: "NL" },
  { id: "DUNEBE22", name: "Dune Bank", country_code: "BE" },
  { id: "ALPTDEFF", name: "Alpine Test Bank", country_code: "DE" },
  { id: "RVRSATWW", name: "Riverside Bank", country_code: "AT" },
  { id: "MRDNFRPP", name: "Meridian Bank", country_code: "FR" },
  { id: "ATLSESMM", name: "Atlas Test Bank", country_code: "ES" },
];

export const isIssuer = (id: unknown): id is string =>
  typeof id === "string" && ISSUERS.some((issuer) => issuer.id === id);

export const bankSelectionProcessor = defineProcessor({
  product: "bank_selection",
  detailsSchema: z.strictObject({
    ...commonDetails,
    redirect_url: approvalRedirectUrl,
    issuer: z
      .string()
      .refine(isIssuer, "Unknown issuer; see GET /v1/issuers?payment_product=bank_selection")
      .optional(),
  }),
  approvalPage: "bank_selection",
  issuers: ISSUERS,
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome, form, details }) => {
    if (outcome !== "approve") return standardOutcome(outcome, true, ["decline", "cancel"]);
    const issuer = form.issuer || details.issuer;
    if (!isIssuer(issuer))
      throw ApiError.validation("outcome", { issuer: issuer ? "Unknown issuer" : "Choose your bank" });
    return { ...standardOutcome(outcome, true), details: { issuer } };
  },
});
