import { notFound, redirect } from "next/navigation";
import { loadHosted } from "@/lib/approval/approval";
import { db } from "@/lib/db/prisma";
import { PAYMENT_PRODUCT_LABELS } from "@/lib/domain/products";
import { AWAITING_SHOPPER, type TransactionStatus } from "@/lib/domain/statuses";
import type { StoredCardDetails } from "@/lib/processors/card/details";
import { isShopperSession } from "@/lib/approval/shopper-session";
import { challengedCard, originQuery } from "@/lib/processors/card/hosted-flow";
import { BRAND_NAMES, type Brand } from "@/lib/processors/card/rules";

/**
 * Loads a hosted card page. `o` is the origin the proxy allowed to frame this response
 * (proxy.ts); the page is shown only if it is exactly the transaction's own `origin` (or both are
 * absent), so a page framed by anyone else renders nothing of value.
 */
export async function loadCardPage(id: string, o: string | undefined, session?: string) {
  const loaded = await loadHosted(id);
  if (loaded?.processor.product !== "card") return null;
  const transaction = loaded.transaction as typeof loaded.transaction & { details: StoredCardDetails };
  const origin = transaction.details.origin;
  const organisation = await db().organisation.findUnique({
    where: { id: transaction.organisationId },
    select: { name: true },
  });

  return {
    transaction,
    origin,
    embeddedCorrectly: (origin ?? "") === (o ?? ""),
    /** The page was opened through approval_url in this browser (its token is in the URL). */
    session: isShopperSession(transaction.shopperSessionHash, session) ? (session as string) : null,
    awaiting: AWAITING_SHOPPER.includes(transaction.status as TransactionStatus) && transaction.status !== "INITIATED",
    shell: {
      merchantName: organisation?.name ?? "",
      amount: transaction.amount,
      descriptor: transaction.dynamicDescriptor,
      label: PAYMENT_PRODUCT_LABELS.card,
      framed: !!origin,
    },
  };
}

/** The card a pending 3-D Secure challenge is about (brand and last four only), or null. */
export async function challengeSummary(page: NonNullable<Awaited<ReturnType<typeof loadCardPage>>>) {
  const { transaction } = page;
  const token = await challengedCard(db(), transaction.id, transaction.details, transaction.organisationId);
  return token ? { brand: BRAND_NAMES[token.brand as Brand] ?? "Card", lastFour: token.lastFour } : null;
}

/** Where a finished card payment's page goes: the "done" page in the iFrame, else the merchant via approval_url. */
function finishedCardPath(page: NonNullable<Awaited<ReturnType<typeof loadCardPage>>>) {
  const { id } = page.transaction;
  return page.origin
    ? `/pay/${id}/card/done${originQuery(page.transaction)}&e=closed`
    : `/v1/transaction/${id}/authorize`;
}

type PageQuery = Record<string, string | string[] | undefined>;

/**
 * The card form or 3-D Secure page as this browser may see it, with the gates both share: an
 * unknown payment is not found, one not opened yet or not through approval_url in this browser
 * goes to the authorize route, a finished one to its end. `null`: framed by another origin than
 * the transaction's (the page shows nothing of value).
 */
export async function openCardPage(id: string, query: PageQuery) {
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const page = await loadCardPage(id, str(query.o), str(query.s));
  if (!page) notFound();
  if (!page.embeddedCorrectly) return null;
  if (page.transaction.status === "INITIATED") redirect(`/v1/transaction/${id}/authorize`);
  if (!page.awaiting) redirect(finishedCardPath(page));
  // Not opened through approval_url in this browser: the authorize route decides.
  if (!page.session) redirect(`/v1/transaction/${id}/authorize`);
  return { ...page, session: page.session };
}
