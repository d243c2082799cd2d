import type { Metadata } from "next";
import Link from "next/link";
import { formatAmount } from "@/components/pay/format";
import { DataTable } from "@/components/dashboard/data-table";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ApiError } from "@/lib/errors/api-error";
import { invalidFields } from "@/lib/errors/validation";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { PAYMENT_PRODUCT_LABELS, PAYMENT_PRODUCTS, productLabel } from "@/lib/domain/products";
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
  const notAPage = "Not a page of this list: showing the first page";
  if (parsed.success && raw.cursor && parsed.data.cursor === undefined) errors.cursor = notAPage;
  // Filters that cannot be applied list nothing: every transaction, unfiltered, would look as if
  // it matched them. The reasons are next to their fields.
  const page = parsed.success
    ? await searchTransactions(organisationId, parsed.data).catch((e) => {
        if (e instanceof ApiError) {
          errors.cursor = notAPage;
          return searchTransactions(organisationId, { ...parsed.data, cursor: undefined });
        }
        throw e;
      })
    : null;
  const { cursor: _, ...filters } = raw;
  const query = new URLSearchParams(filters);
  const next = new URLSearchParams({ ...filters, ...(page?.nextCursor ? { cursor: page.nextCursor } : {}) });
  const attrs = (name: string) => filterInputProps(name, raw, errors);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Transactions</h1>
        {page ? (
          <a
            href={`/dashboard/transactions/export?${query}`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            download
          >
            Export CSV
          </a>
        ) : (
          // Nothing to export until the filters can be applied; the notice below says why.
          <button
            type="button"
            disabled
            aria-describedby="filters-invalid"
            className="cursor-not-allowed rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-500"
          >
            Export CSV
          </button>
        )}
      </div>
      <form
        method="get"
        className="mt-4 flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
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
              <option key={p} value={p}>
                {PAYMENT_PRODUCT_LABELS[p]}
              </option>
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
        {/* Level with the inputs, below their labels (the row aligns at the top: a reason under one field must not lift the others). */}
        <div className="mt-6 flex gap-2">
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
      {page ? null : (
        <div
          id="filters-invalid"
          role="alert"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="filters-invalid"
        >
          <p className="font-semibold">These filters cannot be applied.</p>
          <p className="mt-1">
            Fix the marked {Object.keys(errors).length === 1 ? "field" : "fields"} and search again, or{" "}
            <Link href="/dashboard/transactions" className="font-medium text-indigo-700 underline">
              clear the filters
            </Link>
            . No transactions are listed or exported until then.
          </p>
        </div>
      )}
      {page ? <TransactionList page={page} query={query} next={next} newest={raw.cursor !== undefined} /> : null}
    </div>
  );
}

/** One page of the list and the links to the next and the newest. */
function TransactionList({
  page,
  query,
  next,
  newest,
}: {
  page: Awaited<ReturnType<typeof searchTransactions>>;
  query: URLSearchParams;
  next: URLSearchParams;
  newest: boolean;
}) {
  return (
    <>
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
                {/* One line ("PC-3SMNGD", never "PC-" over "3SMNGD"); a long one is cut short with
                    an ellipsis on a phone, whole in its title and on the transaction's page. */}
                <Link
                  href={`/dashboard/transactions/${t.id}`}
                  title={t.merchantReference || t.id}
                  className="inline-block max-w-[7rem] truncate align-bottom font-medium whitespace-nowrap text-indigo-700 hover:underline sm:max-w-xs"
                >
                  {t.merchantReference || t.id.slice(0, 8)}
                </Link>
                <span className="block text-xs text-slate-600 sm:hidden">{minute(t.createdAt)}</span>
                {/* Between md and lg the customer column is hidden (the row fits 768 px): its e-mail is here. */}
                <span
                  title={t.customer.emailAddress}
                  className="hidden max-w-[12rem] truncate text-xs text-slate-600 md:block lg:hidden"
                >
                  {t.customer.emailAddress}
                </span>
              </>
            ),
          },
          {
            header: "Customer",
            className: "hidden text-slate-600 lg:table-cell",
            cell: (t) => t.customer.emailAddress,
          },
          { header: "Product", className: "hidden sm:table-cell", cell: (t) => productLabel(t.paymentProduct) },
          { header: "Amount", className: "text-right tabular-nums", cell: (t) => formatAmount(t.amount) },
          { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
        ]}
      />
      <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
        {newest ? (
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
    </>
  );
}
