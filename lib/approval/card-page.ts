import { PAYMENT_PRODUCT_LABELS } from "@/lib/domain/products";
import { loadCardTransaction } from "@/lib/processors/card/hosted-flow";
import { db } from "@/lib/db/prisma";
import { BRAND_NAMES } from "@/lib/processors/card/rules";
import { getProcessor } from "@/lib/processors/registry";
import { AWAITING_SHOPPER, type TransactionStatus } from "@/lib/domain/statuses";

/**
 * Loads a hosted card page. `o` is the origin the proxy allowed to frame this response
 * (proxy.ts); the page is shown only if it is exactly the transaction's own `origin` (or both are
 * absent), so a page framed by anyone else renders nothing of value.
 */
export async function loadCardPage(id: string, o: string | undefined) {
  const t = await loadCardTransaction(id);
  if (!t) return null;
  const origin = typeof t.details.origin === "string" ? t.details.origin : undefined;
  const organisation = await db().organisation.findUnique({ where: { id: t.organisationId }, select: { name: true } });

  return {
    transaction: t,
    origin,
    embeddedCorrectly: (origin ?? "") === (o ?? ""),
    awaiting: AWAITING_SHOPPER.includes(t.status as TransactionStatus) && t.status !== "INITIATED",
    shell: {
      merchantName: organisation?.name ?? "",
      amount: t.amount,
      descriptor: t.dynamicDescriptor,
      label: PAYMENT_PRODUCT_LABELS.card,
      framed: !!origin,
    },
  };
}

export const brandName = (brand: string) => BRAND_NAMES[brand as keyof typeof BRAND_NAMES] ?? "Card";
