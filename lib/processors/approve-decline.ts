import { z } from "zod";
import type { ProductId } from "@/lib/domain/products";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  approvalRedirectUrl,
  standardOutcome,
} from "@/lib/processors/common";

/**
 * A redirect product whose sandbox page only approves or declines (national debit card,
 * instalment credit, finance provider, bank-initiated): `details` are the common fields,
 * `redirect_url`, and the product's own required fields.
 */
export function approveDeclineProcessor<const F extends z.ZodRawShape = Record<never, z.ZodType>>(
  product: ProductId,
  fields?: F,
) {
  return defineProcessor({
    product,
    detailsSchema: z.strictObject({ ...commonDetails, redirect_url: approvalRedirectUrl, ...(fields ?? ({} as F)) }),
    approvalPage: "approve_decline",
    start: async ({ details }) => awaitApproval(details as { redirect_url?: string }),
    applyOutcome: async ({ outcome }) => standardOutcome(outcome, true),
  });
}
