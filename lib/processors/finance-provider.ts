import { z } from "zod";
import { text } from "@/lib/schemas/common";
import { awaitApproval, commonDetails, defineProcessor, redirectUrl, standardOutcome } from "@/lib/processors/common";

export const financeProviderProcessor = defineProcessor({
  product: "finance_provider",
  detailsSchema: z.strictObject({
    ...commonDetails,
    redirect_url: redirectUrl,
    provider_id: text(64).min(1, "Required"),
  }),
  approvalPage: "approve_decline",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome }) => standardOutcome(outcome, true),
});
