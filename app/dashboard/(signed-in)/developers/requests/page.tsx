import type { Metadata } from "next";
import Link from "next/link";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { invalidFields } from "@/lib/errors/validation";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { listRequestLog, requestLogFilterFromParams } from "@/lib/dashboard/request-log";
import { FilterField as Field, filterInputProps } from "@/components/dashboard/filter-field";

export const metadata: Metadata = { title: "Request log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const statusTone = (s: number) =>
  s >= 500 ? "bg-red-100 text-red-900" : s >= 400 ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900";

// Developers → Request log: the organisation's last 1,000 API requests, newest first, with filters.
export default async function RequestLogPage({ searchParams }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const { raw, parsed } = requestLogFilterFromParams(await searchParams);
  const errors = parsed.success ? {} : invalidFields(parsed.error, "", raw);
  const filter = parsed.success ? parsed.data : {};
  const page = await listRequestLog(organisationId, filter);
  const { before: _, ...filters } = raw;
  const query = new URLSearchParams(filters);
  const older = new URLSearchParams({ ...filters, ...(page.nextBefore ? { before: page.nextBefore } : {}) });
  const attrs = (name: string) => filterInputProps(name, raw, errors);

  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-semibold text-slate-600">Developers</p>
        <h1 className="text-2xl font-bold">Request log</h1>
        <p className="mt-1 text-sm text-slate-600">
          The last 1,000 API requests made with this organisation&apos;s keys, newest first. Every <code>/v1</code>{" "}
          response carries a <code>Request-Id</code> header: paste it here to find the request. Card numbers, CVCs and
          secrets are removed before anything is stored. Entries appear within a second.
        </p>
      </div>
      <form method="get" className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <Field errors={errors} name="request_id" label="Request-Id">
          <input {...attrs("request_id")} type="search" placeholder="req_…" spellCheck={false} />
        </Field>
        <Field errors={errors} name="status" label="Status">
          <input {...attrs("status")} placeholder="404 or 4xx" spellCheck={false} />
        </Field>
        <Field errors={errors} name="path" label="Path contains">
          <input {...attrs("path")} type="search" placeholder="/v1/transaction" spellCheck={false} />
        </Field>
        <div className="mt-6 flex gap-2">
          <button
            type="submit"
            className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Filter
          </button>
          <Link
            href="/dashboard/developers/requests"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:underline"
          >
            Clear
          </Link>
        </div>
      </form>
      {errors.before ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.before}
        </p>
      ) : null}
      <ScrollRegion label="Requests" className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">API requests, newest first</caption>
          <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th className="hidden px-3 py-2 sm:table-cell">Time (UTC)</th>
              <th className="px-3 py-2">Request</th>
              <th className="px-3 py-2">Status</th>
              <th className="hidden px-3 py-2 text-right sm:table-cell">Duration</th>
              <th className="hidden px-3 py-2 md:table-cell">Request-Id</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100" data-testid="requests">
            {page.rows.map((r) => (
              <tr key={String(r.id)} className="hover:bg-slate-50" data-request-id={r.requestId}>
                <td className="hidden px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-600 sm:table-cell">
                  {r.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                </td>
                <td className="px-3 py-2">
                  <Link
                    href={`/dashboard/developers/requests/${r.requestId}`}
                    className="font-mono text-xs break-all text-indigo-700 hover:underline"
                  >
                    <span className="font-semibold">{r.method}</span> {r.path}
                    {r.query ? `?${r.query}` : ""}
                  </Link>
                  <span className="block font-mono text-xs text-slate-600 sm:hidden">
                    {r.createdAt.toISOString().replace("T", " ").slice(0, 19)} · {r.durationMs} ms
                  </span>
                </td>
                <td className="px-3 py-2">
                  <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${statusTone(r.status)}`}>
                    {r.status}
                  </span>
                  {r.replayed ? <ReplayedBadge /> : null}
                </td>
                <td className="hidden px-3 py-2 text-right tabular-nums whitespace-nowrap sm:table-cell">
                  {r.durationMs} ms
                </td>
                <td className="hidden px-3 py-2 font-mono text-xs md:table-cell">{r.requestId}</td>
              </tr>
            ))}
            {page.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                  No requests match.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {raw.before ? (
          <Link
            href={`/dashboard/developers/requests?${query}`}
            className="font-medium text-indigo-700 hover:underline"
          >
            ← Newest
          </Link>
        ) : null}
        {page.nextBefore ? (
          <Link
            href={`/dashboard/developers/requests?${older}`}
            className="font-medium text-indigo-700 hover:underline"
          >
            Older requests →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/** An answer replayed from an Idempotency-Key: the same status again, but nothing ran twice. */
function ReplayedBadge() {
  return (
    <span
      className="ml-1.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700"
      title="Answered from the Idempotency-Key's stored answer (Idempotent-Replayed: true): nothing ran again"
      data-testid="replayed"
    >
      replayed
    </span>
  );
}
