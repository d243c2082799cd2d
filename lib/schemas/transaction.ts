import ipaddr from "ipaddr.js";
import { z } from "zod";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { STATUSES } from "@/lib/domain/statuses";
import { optionalText, orEmpty, uuid } from "@/lib/schemas/common";

export const MAX_AMOUNT = 1_000_000_000;

export const amountSchema = z
  .number({ message: "Expected an integer amount in minor units (cents)" })
  .int("Expected an integer amount in minor units (cents), no decimal point")
  .min(1, "Must be at least 1")
  .max(MAX_AMOUNT, `At most ${MAX_AMOUNT}`);

const httpUrl = z.url({ protocol: /^https?$/, message: "Expected an absolute http(s) URL" }).max(2048);

/**
 * `POST /v1/transaction/start`, top level. `customer` (an id or a customer object) and `details`
 * (per product) are validated by startTransaction with their own schemas, so every invalid field
 * of the request is reported in one answer.
 */
export const TransactionStartSchema = z.strictObject({
  payment_profile: uuid,
  amount: amountSchema,
  customer: z.unknown().optional(),
  customer_ip: orEmpty(
    z
      .string()
      .trim()
      .refine((s) => ipaddr.isValid(s), "Expected an IPv4 or IPv6 address"),
  ),
  dynamic_descriptor: optionalText(127),
  merchant_reference: optionalText(255),
  payment_product: z.enum(PAYMENT_PRODUCTS, { message: `Expected one of: ${PAYMENT_PRODUCTS.join(", ")}` }),
  user_agent: optionalText(1024),
  details: z.unknown().optional(),
  webhook_transaction_update: orEmpty(httpUrl),
});
export type TransactionStart = z.infer<typeof TransactionStartSchema>;

export const CaptureSchema = z.strictObject({ amount: amountSchema.optional() });
export const EmptySchema = z.strictObject({});
export const RefundCreateSchema = z.strictObject({ amount: amountSchema, reason: optionalText(255) });

export const IssuersQuerySchema = z.strictObject({
  payment_product: z.enum(PAYMENT_PRODUCTS, { message: `Expected one of: ${PAYMENT_PRODUCTS.join(", ")}` }),
});

export const TransactionListQuerySchema = z.strictObject({
  status: z.enum(STATUSES).optional(),
  payment_product: z.enum(PAYMENT_PRODUCTS).optional(),
  merchant_reference: optionalText(255),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

/** The transaction object of every response: the spec's fields (2.2), amount as a string. */
export type TransactionObject = {
  id: string;
  payment_profile: string;
  amount: string;
  customer: string;
  customer_ip: string;
  dynamic_descriptor: string;
  merchant_reference: string;
  payment_product: string;
  payment_product_type?: string;
  processor?: string;
  user_agent: string;
  details: Record<string, unknown>;
  webhook_transaction_update: string;
  status: string;
  status_reason: string;
  last_status_update: string;
  created_at: string;
};
