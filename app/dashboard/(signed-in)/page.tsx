import type { Metadata } from "next";
import Link from "next/link";
import { formatAmount } from "@/components/pay/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ApiError } from "@/lib/errors/api-error";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { TransactionListQuerySchema } from "@/lib/schemas/transaction";
import { STATUSES } from "@/lib/domain/statuses";
import { listTransactions } from "@/lib/transactions/queries";

export const metadata: Metadata = { title: "Transactions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Transactions of the signed-in user's organisation, newest first, filtered like GET /v1/transaction.
export default async function TransactionsPage({ searchParams }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(([, v]) => typeof v === "string" && v !== ""),
  ) as Record<string, string>;
  const parsed = TransactionListQuerySchema.safeParse({ ...raw, limit: "25" });
  const query = parsed.success ? parsed.data : TransactionListQuerySchema.parse({ limit: "25" });
  const page = await listTransactions(organisationId, query).catch((e) => {
    if (e instanceof ApiError) return listTransactions(organisationId, { ...query, cursor: undefined });
    throw e;
  });
  const next = new URLSearchParams({ ...raw, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  const select = "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";

  return (
    <div>
      <h1 className="text-2xl font-bold">Transactions</h1>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <select name="status" defaultValue={raw.status ?? ""} className={select} aria-label="Status">
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select
          name="payment_product"
          defaultValue={raw.payment_product ?? ""}
          className={select}
          aria-label="Payment product"
        >
          <option value="">All products</option>
          {PAYMENT_PRODUCTS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        <input
          name="merchant_reference"
          defaultValue={raw.merchant_reference ?? ""}
          placeholder="Merchant reference"
          className={select}
          aria-label="Merchant reference"
        />
        <button
          type="submit"
          className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500"
        >
          Filter
        </button>
      </form>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2">Created</th>
              <th className="px-4 py-2">Reference</th>
              <th className="px-4 py-2">Product</th>
              <th className="px-4 py-2 text-right">Amount</th>
              <th className="px-4 py-2">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((t) => (
              <tr key={t.id} className="hover:bg-slate-50">
                <td className="px-4 py-2 whitespace-nowrap text-slate-500">
                  {t.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                </td>
                <td className="px-4 py-2">
                  <Link
                    href={`/dashboard/transactions/${t.id}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {t.merchantReference || t.id.slice(0, 8)}
                  </Link>
                </td>
                <td className="px-4 py-2">{t.paymentProduct}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatAmount(t.amount)}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={t.status} />
                </td>
              </tr>
            ))}
            {page.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-500">
                  No transactions yet.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {page.hasMore ? (
        <Link
          href={`/dashboard?${next}`}
          className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline"
        >
          Older transactions →
        </Link>
      ) : null}
    </div>
  );
}
