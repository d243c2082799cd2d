import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/dashboard/action-form";
import { AttemptsTable } from "@/components/dashboard/attempts-table";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { eventQueryFromParams } from "@/lib/dashboard/webhooks";
import { ApiError } from "@/lib/errors/api-error";
import { listEvents } from "@/lib/sandbox/events";
import { resendEventAction } from "../webhooks/actions";
import { FilterField as Field, filterInputProps } from "@/components/dashboard/filter-field";

export const metadata: Metadata = { title: "Events" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

// The organisation's webhook events (GET /v1/events): filters, keyset pages, every attempt with
// what chaos mode did to it, and Resend.
export default async function EventsPage({ searchParams }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const { raw, query, invalid } = eventQueryFromParams(await searchParams);
  const errors: Record<string, string> = { ...invalid };
  const none = { rows: [], hasMore: false, nextCursor: null };
  const page = await (Object.keys(invalid).length ? Promise.resolve(none) : listEvents(organisationId, query)).catch(
    (e) => {
      if (!(e instanceof ApiError)) throw e;
      const fields = (e.details?.invalid_fields ?? {}) as Record<string, string>;
      for (const [k, reason] of Object.entries(fields)) {
        errors[k === "created_from" ? "from" : k === "created_to" ? "to" : k] = reason;
      }
      return none;
    },
  );
  const { cursor: _, ...filters } = raw;
  const query0 = new URLSearchParams(filters);
  const next = new URLSearchParams({ ...filters, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  const attrs = (name: string) => filterInputProps(name, raw, errors);

  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-semibold text-slate-600">Developers</p>
        <h1 className="text-2xl font-bold">Events</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every webhook event of the organisation, newest first, with each delivery attempt.{" "}
          <Link href="/dashboard/developers/webhooks" className="font-medium text-indigo-700 hover:underline">
            Webhook settings
          </Link>
        </p>
      </div>
      <form method="get" className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <Field errors={errors} name="type" label="Type">
          <select {...attrs("type")}>
            <option value="">All types</option>
            <option>transaction</option>
            <option>refund</option>
          </select>
        </Field>
        <Field errors={errors} name="transaction" label="Transaction id">
          <input {...attrs("transaction")} placeholder="uuid" />
        </Field>
        <Field errors={errors} name="delivery_status" label="Delivery">
          <select {...attrs("delivery_status")}>
            <option value="">All</option>
            <option>pending</option>
            <option>delivered</option>
            <option>failed</option>
            <option>skipped</option>
          </select>
        </Field>
        <Field errors={errors} name="from" label="Created from">
          <input {...attrs("from")} type="date" />
        </Field>
        <Field errors={errors} name="to" label="Created to">
          <input {...attrs("to")} type="date" />
        </Field>
        <div className="mt-6 flex gap-2">
          <button
            type="submit"
            className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
          >
            Filter
          </button>
          <Link
            href="/dashboard/developers/events"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:underline"
          >
            Clear
          </Link>
        </div>
      </form>
      {errors.cursor ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.cursor}
        </p>
      ) : null}
      <ul className="space-y-3 text-sm" data-testid="events">
        {page.rows.map((e) => (
          <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="event">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">
                {e.type}: {String((e.payload as Record<string, unknown>).status ?? "")}
              </span>
              <StatusBadge status={e.status} />
              <time className="font-mono text-xs text-slate-600" dateTime={e.createdAt.toISOString()}>
                {time(e.createdAt)} UTC
              </time>
            </div>
            <p className="mt-1 text-xs wrap-anywhere text-slate-600">
              Event{" "}
              <span className="font-mono" data-testid="event-id">
                {e.id}
              </span>{" "}
              · transaction{" "}
              <Link
                href={`/dashboard/transactions/${e.transactionId}`}
                className="font-mono text-indigo-700 hover:underline"
              >
                {e.transactionId}
              </Link>
            </p>
            <p className="mt-1 text-xs break-all text-slate-600">{e.targetUrl || "no webhook URL applied"}</p>
            {e.attemptLog.length ? (
              <AttemptsTable eventId={e.id} attempts={e.attemptLog} />
            ) : (
              <p className="mt-2 text-xs text-slate-600">No attempts yet.</p>
            )}
            {e.targetUrl || e.status !== "skipped" ? (
              <div className="mt-2">
                <ActionForm
                  action={resendEventAction}
                  hidden={{ event: e.id }}
                  submitLabel="Resend"
                  pendingLabel="Queuing…"
                  tone="plain"
                />
              </div>
            ) : null}
          </li>
        ))}
        {page.rows.length === 0 ? (
          <li className="rounded-xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-600">
            No events match.
          </li>
        ) : null}
      </ul>
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {raw.cursor ? (
          <Link href={`/dashboard/developers/events?${query0}`} className="font-medium text-indigo-700 hover:underline">
            ← Newest
          </Link>
        ) : null}
        {page.hasMore ? (
          <Link href={`/dashboard/developers/events?${next}`} className="font-medium text-indigo-700 hover:underline">
            Older events →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
