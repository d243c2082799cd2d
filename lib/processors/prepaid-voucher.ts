import { voucherPinProblem } from "@/lib/domain/form-checks";
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
    if (outcome !== "approve") return standardOutcome(outcome, true, ["cancel"]);
    // Printed PINs come in groups of four; shoppers type them with spaces.
    const problem = voucherPinProblem(form.pin ?? "");
    if (problem) throw ApiError.validation("outcome", { pin: problem });
    const pin = (form.pin ?? "").replace(/\s/g, "");
    // The PIN is never stored: it is the voucher's value.
    if (pin.endsWith("0000")) return { status: "DECLINED", statusReason: "Voucher balance too low" };
    return { status: "SETTLEMENT_REQUESTED", statusReason: "Paid with a prepaid voucher" };
  },
});
