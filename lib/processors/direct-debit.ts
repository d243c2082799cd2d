import { z } from "zod";
import { commonDetails, defineProcessor, oneOf, sandboxChargeStatus, storedDetails } from "@/lib/processors/common";

export const directDebitProcessor = defineProcessor({
  product: "direct_debit",
  detailsSchema: z.strictObject({
    ...commonDetails,
    account_type: oneOf(["checking", "savings"]),
    bank_account: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected a bank account token id (letters, digits, _ and -, at most 64)"),
    check_number: z
      .string()
      .regex(/^\d{1,15}$/, "Expected at most 15 digits")
      .optional(),
    order_source: oneOf(["ecommerce", "mail_order", "telephone", "recurring"]).optional(),
    type: oneOf(["single", "recurring", "first", "final"]),
  }),
  approvalPage: null,
  start: async ({ details, amount }) => ({
    ...sandboxChargeStatus(amount, true),
    needsApproval: false,
    details: storedDetails(details),
  }),
});
