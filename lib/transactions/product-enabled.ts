import { ApiError } from "@/lib/errors/api-error";

/** The part of a payment profile row this check reads (already loaded by the start). */
export type ProfileProducts = { id: string; disabledProducts: readonly string[] | null };

/**
 * Error 150 when the payment product is switched off on the payment profile
 * (`npm run merchant -- products`). Every product is enabled unless listed as disabled.
 */
export function assertProductEnabled(profile: ProfileProducts, product: string): void {
  if (!profile.disabledProducts?.includes(product)) return;
  throw new ApiError("150", `The payment product ${product} is not enabled on payment profile ${profile.id}.`, {
    payment_product: product,
    payment_profile: profile.id,
  });
}
