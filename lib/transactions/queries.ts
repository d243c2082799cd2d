import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/prisma";
import type { Transaction, TransactionHistory } from "@/lib/generated/prisma/client";
import { selectTransactionPage } from "@/lib/transactions/lean-sql";
import { isUuid } from "@/lib/schemas/common";
import type { TransactionListQuerySchema } from "@/lib/schemas/transaction";
import type { z } from "zod";

type Scope = { organisationId: string; id: string };

export async function getTransactionOrThrow({ organisationId, id }: Scope): Promise<Transaction> {
  const t = isUuid(id) ? await db().transaction.findFirst({ where: { id, organisationId } }) : null;
  if (!t) throw ApiError.notFound("transaction", id);

  return t;
}

export async function getHistoryOrThrow(scope: Scope): Promise<TransactionHistory[]> {
  const t = isUuid(scope.id)
    ? await db().transaction.findFirst({
        where: { id: scope.id, organisationId: scope.organisationId },
        select: { history: { orderBy: { id: "asc" } } },
      })
    : null;
  if (!t) throw ApiError.notFound("transaction", scope.id);

  return t.history;
}

type ListQuery = z.output<typeof TransactionListQuerySchema>;

/**
 * Newest first, keyset-paginated on (created_at, id): stable while new transactions arrive. Plain
 * pg (lean-sql.ts selectTransactionPage), one statement.
 */
export async function listTransactions(organisationId: string, q: ListQuery) {
  const rows = await selectTransactionPage(
    organisationId,
    {
      status: q.status,
      paymentProduct: q.payment_product,
      // An empty merchant_reference filters nothing (as before: `?merchant_reference=`).
      merchantReference: q.merchant_reference || undefined,
      before: q.cursor ? decodeCursor(q.cursor) : undefined,
    },
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > q.limit;

  return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

/** The keyset cursor of a row: (created_at, id), opaque to callers. */
export function encodeCursor(t: Pick<Transaction, "createdAt" | "id">): string {
  return Buffer.from(JSON.stringify([t.createdAt.toISOString(), t.id])).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const createdAt = new Date(iso);
    // Only instants this service can have written: PostgreSQL refuses dates far outside that range.
    const plausible =
      typeof iso === "string" &&
      /^\d{4}-/.test(iso) &&
      createdAt.getUTCFullYear() >= 2000 &&
      createdAt.getUTCFullYear() <= 9999;
    if (Number.isNaN(createdAt.getTime()) || !plausible || typeof id !== "string" || !isUuid(id))
      throw new Error("bad cursor");

    return { createdAt, id };
  } catch {
    throw ApiError.validation("transaction_list", { cursor: "Not a cursor returned by this endpoint" });
  }
}
