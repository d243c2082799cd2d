import type { z } from "zod";
import type { ProductId } from "@/lib/domain/products";
import { PROCESSORS } from "@/lib/processors/registry";

/**
 * The part of Payrail's contract that is shared on purpose with code outside the service (the
 * demo store validates its checkout form with it): each payment product's `details` schema,
 * exactly as `POST /v1/transaction/start` applies it. Nothing else of the processors is exported.
 */
export const detailsSchemaOf = (product: ProductId): z.ZodType => PROCESSORS[product].detailsSchema;
