import { z } from "zod";
import { awaitApproval, commonDetails, defineProcessor, redirectUrl, standardOutcome } from "@/lib/processors/common";

export const instalmentCreditProcessor = defineProcessor({
  product: "instalment_credit",
  detailsSchema: z.strictObject({ ...commonDetails, redirect_url: redirectUrl }),
  approvalPage: "approve_decline",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome }) => standardOutcome(outcome, true),
});
