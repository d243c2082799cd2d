import { z } from "zod";
import { PAYMENT_PRODUCTS, PAYMENT_PRODUCT_LABELS } from "@/lib/domain/products";
import { PROCESSORS } from "@/lib/processors/registry";
import { uuid } from "@/lib/schemas/common";
import { CustomerCreateSchema } from "@/lib/schemas/customer";
import { TransactionStartSchema } from "@/lib/schemas/transaction";

/**
 * `POST /v1/transaction/start` as the contract describes it: one variant per payment product,
 * each with that product's `details` schema (the processor's own), discriminated by
 * `payment_product`. The endpoint itself validates with the same pieces (TransactionStartSchema,
 * CustomerCreateSchema, the processor's detailsSchema) so that it can report every invalid field at once.
 */
const variants = PAYMENT_PRODUCTS.map((product) =>
  TransactionStartSchema.extend({
    payment_product: z.literal(product),
    customer: z
      .union([uuid.describe("An existing customer's id"), CustomerCreateSchema])
      .describe("An existing customer's id, or a new customer (created with the transaction)"),
    details: PROCESSORS[product].detailsSchema
      .optional()
      .describe(`${PAYMENT_PRODUCT_LABELS[product]}: product details`),
  }).meta({ id: `TransactionStart_${product}`, title: `${PAYMENT_PRODUCT_LABELS[product]} (${product})` }),
);

export const TransactionStartRequestSchema = z
  .discriminatedUnion("payment_product", variants as unknown as [(typeof variants)[number], ...typeof variants])
  .meta({
    id: "TransactionStart",
    description: "Start a transaction: the fields of `details` depend on `payment_product`.",
  });
