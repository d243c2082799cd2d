import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import { isProductId, PAYMENT_PRODUCTS, type ProductId } from "@/lib/domain/products";
import { isUuid } from "@/lib/schemas/common";

export type ProfileProductsView = { payment_profile: string; enabled: ProductId[]; disabled: ProductId[] };

/**
 * Switches payment products on and off for a payment profile (all are on by default). A start
 * for a product that is off answers 150. Without `enable`/`disable` it only reports.
 */
export async function setProfileProducts(input: {
  profile: string;
  enable?: string[];
  disable?: string[];
}): Promise<ProfileProductsView> {
  const enable = input.enable ?? [];
  const disable = input.disable ?? [];
  const unknown = [...enable, ...disable].filter((p) => !isProductId(p));
  if (unknown.length) {
    throw ApiError.validation(
      "payment_products",
      Object.fromEntries(unknown.map((p) => [p, `Unknown payment product; one of ${PAYMENT_PRODUCTS.join(", ")}`])),
    );
  }
  const both = enable.filter((p) => disable.includes(p));
  if (both.length) {
    throw ApiError.validation(
      "payment_products",
      Object.fromEntries(both.map((p) => [p, "Both enabled and disabled"])),
    );
  }

  return db().$transaction(async (tx) => {
    const found = isUuid(input.profile)
      ? await tx.paymentProfile.findUnique({ where: { id: input.profile }, select: { disabledProducts: true } })
      : null;
    if (!found) throw ApiError.notFound("payment_profile", input.profile);
    const off = new Set(found.disabledProducts ?? []);
    for (const p of enable) off.delete(p);
    for (const p of disable) off.add(p);
    const disabled = PAYMENT_PRODUCTS.filter((p) => off.has(p));
    if (enable.length || disable.length) {
      await tx.paymentProfile.update({ where: { id: input.profile }, data: { disabledProducts: disabled } });
    }

    return {
      payment_profile: input.profile,
      enabled: PAYMENT_PRODUCTS.filter((p) => !off.has(p)),
      disabled,
    };
  });
}
