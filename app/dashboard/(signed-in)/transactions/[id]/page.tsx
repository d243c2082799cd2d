import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { formatAmount } from "@/components/pay/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ApiError } from "@/lib/errors/api-error";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { listRefunds } from "@/lib/transactions/operations";
import { getHistoryOrThrow, getTransactionOrThrow } from "@/lib/transactions/queries";
import { listTransactionWebhooksOrThrow } from "@/lib/webhooks/events";

export const metadata: Metadata = { title: "Transaction" };

type Props = { params: Promise<{ id: string }> };

const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 23);

// One transaction of the signed-in user's organisation: details, history, refunds, webhooks.
export default async function TransactionPage({ params }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const scope = { organisationId, id: (await params).id };
  const [t, history, refunds, events] = await Promise.all([
    getTransactionOrThrow(scope),
    getHistoryOrThrow(scope),
    listRefunds(scope),
    listTransactionWebhooksOrThrow(scope),
  ]).catch((e) => {
    if (e instanceof ApiError && e.code === "120") notFound();
    throw e;
  });

  return (
    <div className="space-y-8">
      <div>
        <Link href="/dashboard" className="text-sm text-indigo-700 hover:underline">
          ← Transactions
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{formatAmount(t.amount)}</h1>
          <StatusBadge status={t.status} />
          <span className="text-sm text-slate-500">{t.paymentProduct}</span>
        </div>
        <p className="mt-1 font-mono text-xs text-slate-500">{t.id}</p>
      </div>
      <Section title="Details">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <Row label="Merchant reference">{t.merchantReference || "—"}</Row>
          <Row label="Status reason">{t.statusReason || "—"}</Row>
          <Row label="Customer">{t.customerId}</Row>
          <Row label="Created">{time(t.createdAt)}</Row>
          <Row label="Last status update">{time(t.lastStatusUpdate)}</Row>
          <Row label="details">
            <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs">
              {JSON.stringify(t.details, null, 2)}
            </pre>
          </Row>
        </dl>
      </Section>
      <Section title="History">
        <ol className="space-y-2 text-sm" data-testid="history">
          {history.map((h) => (
            <li key={String(h.id)} className="flex flex-wrap items-center gap-3">
              <span className="w-48 font-mono text-xs text-slate-500">{time(h.createdAt)}</span>
              <StatusBadge status={h.toStatus} />
              <span className="text-slate-600">{h.reason}</span>
              <span className="text-xs text-slate-400">{h.actor}</span>
            </li>
          ))}
        </ol>
      </Section>
      {refunds.length ? (
        <Section title="Refunds">
          <ul className="space-y-2 text-sm">
            {refunds.map((r) => (
              <li key={r.id} className="flex items-center gap-3">
                <span className="tabular-nums">{formatAmount(r.amount)}</span>
                <StatusBadge status={r.status} />
                <span className="text-slate-600">{r.reason}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Webhooks">
        {events.length === 0 ? <p className="text-sm text-slate-500">No events yet.</p> : null}
        <ul className="space-y-3 text-sm" data-testid="webhooks">
          {events.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-mono text-xs text-slate-500">{e.id}</span>
                <span>{String((e.payload as Record<string, unknown>).status ?? e.type)}</span>
                <StatusBadge status={e.status} />
              </div>
              <ul className="mt-2 space-y-1 text-xs text-slate-600">
                {e.attemptLog.map((a) => (
                  <li key={a.id}>
                    #{a.attemptNumber} {time(a.startedAt)} → {a.statusCode ?? a.error} ({a.durationMs} ms)
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  );
}
