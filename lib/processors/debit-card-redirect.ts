import { z } from "zod";
import { awaitApproval, commonDetails, defineProcessor, redirectUrl, standardOutcome } from "@/lib/processors/common";

export const debitCardRedirectProcessor = defineProcessor({
  product: "debit_card_redirect",
  detailsSchema: z.strictObject({ ...commonDetails, redirect_url: redirectUrl }),
  approvalPage: "approve_decline",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome }) => standardOutcome(outcome, true),
});
