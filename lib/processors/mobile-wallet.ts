import { z } from "zod";
import {
  awaitApproval,
  captureNow,
  commonDetails,
  defineProcessor,
  redirectUrl,
  sandboxChargeStatus,
  standardOutcome,
  storedCaptureNow,
  storedDetails,
} from "@/lib/processors/common";

const mobileWalletProcessor = ({ product }: { product: "mobile_wallet_a" | "mobile_wallet_b" }) =>
  defineProcessor({
    product,
    detailsSchema: z.strictObject({
      ...commonDetails,
      capture_now: captureNow,
      redirect_url: redirectUrl,
      token_data: z.string().min(1, "Must not be empty").max(8192, "At most 8192 characters").optional(),
    }),
    approvalPage: "approve_decline",
    start: async ({ details, amount }) => {
      // A wallet token from the device is charged right away; without one the shopper approves in the wallet.
      if (!details.token_data) return awaitApproval(details);
      // The token is a payment credential: it is used once, not stored or echoed.
      const charge = sandboxChargeStatus(amount, details.capture_now);
      return { ...charge, needsApproval: false, details: storedDetails(details, { omit: ["token_data"] }) };
    },
    applyOutcome: async ({ outcome, details }) => standardOutcome(outcome, storedCaptureNow(details)),
  });

export const mobileWalletAProcessor = mobileWalletProcessor({ product: "mobile_wallet_a" });
export const mobileWalletBProcessor = mobileWalletProcessor({ product: "mobile_wallet_b" });
