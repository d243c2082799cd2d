import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
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

const WALLET_EMAIL = z.email();

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
  applyOutcome: async ({ outcome, form, details }) => {
    // The sandbox wallet takes any login, but not an empty one (what the page asks for).
    if (outcome === "approve") {
      const invalid: Record<string, string> = {};
      if (!WALLET_EMAIL.safeParse((form.email ?? "").trim()).success)
        invalid.email = "Enter your wallet e-mail address";
      if (!form.password) invalid.password = "Enter your wallet password";
      if (Object.keys(invalid).length) throw ApiError.validation("outcome", invalid);
    }
    return standardOutcome(outcome, storedCaptureNow(details), ["approve", "decline", "cancel"]);
  },
});
