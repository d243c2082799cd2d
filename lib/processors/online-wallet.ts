import { z } from "zod";
import { text } from "@/lib/schemas/common";
import {
  awaitApproval,
  captureNow,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  standardOutcome,
  storedCaptureNow,
} from "@/lib/processors/common";

export const onlineWalletProcessor = defineProcessor({
  product: "online_wallet",
  detailsSchema: z.strictObject({
    ...commonDetails,
    redirect_url: approvalRedirectUrl,
    description: text(127).optional(),
    capture_now: captureNow,
  }),
  approvalPage: "wallet_login",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome, details }) => standardOutcome(outcome, storedCaptureNow(details)),
});
