import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  standardOutcome,
} from "@/lib/processors/common";

export const prepaidVoucherProcessor = defineProcessor({
  product: "prepaid_voucher",
  detailsSchema: z.strictObject({ ...commonDetails, redirect_url: approvalRedirectUrl }),
  approvalPage: "voucher",
  start: async ({ details }) => awaitApproval(details),
  applyOutcome: async ({ outcome, form }) => {
    if (outcome !== "approve") return standardOutcome(outcome, true);
    // Printed PINs come in groups of four; shoppers type them with spaces.
    const pin = (form.pin ?? "").replace(/\s/g, "");
    if (!/^\d{16}$/.test(pin)) throw ApiError.validation("outcome", { pin: "Enter the 16-digit PIN" });
    // The PIN is never stored: it is the voucher's value.
    if (pin.endsWith("0000")) return { status: "DECLINED", statusReason: "Voucher balance too low" };
    return { status: "SETTLEMENT_REQUESTED", statusReason: "Paid with a prepaid voucher" };
  },
});
