import type { Metadata } from "next";
import Link from "next/link";
import { formatAmount } from "@/components/pay/format";
import { DataTable } from "@/components/dashboard/data-table";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ApiError } from "@/lib/errors/api-error";
import { invalidFields } from "@/lib/errors/validation";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { STATUSES } from "@/lib/domain/statuses";
import { searchFromParams, searchTransactions } from "@/lib/dashboard/search";
import { FilterField as Field, filterInputProps } from "@/components/dashboard/filter-field";

export const metadata: Metadata = { title: "Transactions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type Row = Awaited<ReturnType<typeof searchTransactions>>["rows"][number];
const minute = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);

// Transactions of the signed-in user's organisation, newest first: search, filters, keyset pages, CSV.
export default async function TransactionsPage({ searchParams }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const { raw, parsed } = searchFromParams(await searchParams);
  const errors = parsed.success ? {} : invalidFields(parsed.error, "", raw);
  const search = parsed.success ? parsed.data : {};
  const page = await searchTransactions(organisationId, search).catch((e) => {
    if (e instanceof ApiError) {
      errors.cursor = "Not a page of this list: showing the first page";
      return searchTransactions(organisationId, { ...search, cursor: undefined });
    }
    throw e;
  });
  const { cursor: _, ...filters } = raw;
  const query = new URLSearchParams(filters);
  const next = new URLSearchParams({ ...filters, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  const attrs = (name: string) => filterInputProps(name, raw, errors);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Transactions</h1>
        <a
          href={`/dashboard/transactions/export?${query}`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          download
        >
          Export CSV
        </a>
      </div>
      <form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <Field errors={errors} name="q" label="Search">
          <input {...attrs("q")} type="search" placeholder="Id, reference or e-mail" />
        </Field>
        <Field errors={errors} name="status" label="Status">
          <select {...attrs("status")}>
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <Field errors={errors} name="payment_product" label="Product">
          <select {...attrs("payment_product")}>
            <option value="">All products</option>
            {PAYMENT_PRODUCTS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </Field>
        <Field errors={errors} name="amount" label="Amount (EUR)">
          <input {...attrs("amount")} inputMode="decimal" placeholder="25.00" />
        </Field>
        <Field errors={errors} name="from" label="From">
          <input {...attrs("from")} type="date" />
        </Field>
        <Field errors={errors} name="to" label="To">
          <input {...attrs("to")} type="date" />
        </Field>
        <div className="flex gap-2">
          <button
            type="submit"
            className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Search
          </button>
          <Link
            href="/dashboard/transactions"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:underline"
          >
            Clear
          </Link>
        </div>
      </form>
      {errors.cursor ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.cursor}
        </p>
      ) : null}
      <DataTable<Row>
        label="Transactions"
        caption="Transactions, newest first"
        className="mt-4"
        testId="transactions"
        rows={page.rows}
        rowKey={(t) => t.id}
        empty="No transactions match."
        columns={[
          {
            header: "Created (UTC)",
            className: "hidden whitespace-nowrap sm:table-cell",
            cell: (t) => minute(t.createdAt),
          },
          {
            header: "Reference",
            cell: (t) => (
              <>
                <Link
                  href={`/dashboard/transactions/${t.id}`}
                  className="font-medium wrap-anywhere text-indigo-700 hover:underline"
                >
                  {t.merchantReference || t.id.slice(0, 8)}
                </Link>
                <span className="block text-xs text-slate-600 sm:hidden">{minute(t.createdAt)}</span>
              </>
            ),
          },
          {
            header: "Customer",
            className: "hidden text-slate-600 md:table-cell",
            cell: (t) => t.customer.emailAddress,
          },
          { header: "Product", className: "hidden sm:table-cell", cell: (t) => t.paymentProduct },
          { header: "Amount", className: "text-right tabular-nums", cell: (t) => formatAmount(t.amount) },
          { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
        ]}
      />
      <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
        {raw.cursor ? (
          <Link href={`/dashboard/transactions?${query}`} className="font-medium text-indigo-700 hover:underline">
            ← Newest
          </Link>
        ) : null}
        {page.hasMore ? (
          <Link href={`/dashboard/transactions?${next}`} className="font-medium text-indigo-700 hover:underline">
            Older transactions →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
