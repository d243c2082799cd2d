import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { formatAmount } from "@/components/pay/format";
import { ActionForm } from "@/components/dashboard/action-form";
import { AttemptsTable } from "@/components/dashboard/attempts-table";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { CaptureForm, RefundForm } from "@/components/dashboard/amount-forms";
import { Section } from "@/components/dashboard/section";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ApiError } from "@/lib/errors/api-error";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { getCustomerOrThrow } from "@/lib/customers/customers";
import { listRefunds, OPERATION_FROM } from "@/lib/transactions/operations";
import { getHistoryOrThrow, getTransactionOrThrow } from "@/lib/transactions/queries";
import { listTransactionWebhooksOrThrow } from "@/lib/webhooks/events";
import { cancelAction, captureAction, refundAction, resendAction, voidAction } from "./actions";
import { TestControls } from "./test-controls";
import { productLabel } from "@/lib/domain/products";

export const metadata: Metadata = { title: "Transaction" };

type Props = { params: Promise<{ id: string }> };

const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
const allows = (op: keyof typeof OPERATION_FROM, status: string) =>
  (OPERATION_FROM[op] as readonly string[]).includes(status);

// One transaction of the signed-in user's organisation: details, actions, history, refunds, webhooks.
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
  // The list names the customer by e-mail: so does this page, with the id the API uses.
  const customer = await getCustomerOrThrow({ organisationId, id: t.customerId }).catch((e) => {
    if (e instanceof ApiError) return null;
    throw e;
  });
  const refunded = refunds.filter((r) => r.status !== "FAILED").reduce((sum, r) => sum + r.amount, 0);
  const refundable = (t.capturedAmount ?? t.amount) - refunded;
  const notes = amountNotes(t, refunded);
  const hidden = { id: t.id };
  const canRefund = allows("refund", t.status) && refundable > 0;
  const canCapture = allows("capture", t.status);
  const canVoid = allows("void", t.status);
  const canCancel = allows("cancel", t.status);

  return (
    <div className="space-y-6">
      <div>
        <Link href="/dashboard/transactions" className="text-sm text-indigo-700 hover:underline">
          ← Transactions
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{formatAmount(t.amount)}</h1>
          <StatusBadge status={t.status} />
          <span className="text-sm text-slate-600">
            {productLabel(t.paymentProduct)} <code className="text-xs text-slate-500">{t.paymentProduct}</code>
          </span>
        </div>
        {notes ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="amount-notes">
            {notes}
          </p>
        ) : null}
        <p className="mt-1 font-mono text-xs break-all text-slate-600">{t.id}</p>
      </div>
      {canRefund || canCapture || canVoid || canCancel ? (
        <Section title="Actions">
          <div className="grid gap-6 md:grid-cols-2">
            {canCapture ? <CaptureForm action={captureAction} id={t.id} authorized={t.amount} /> : null}
            {canVoid ? (
              <ActionForm
                title="Void"
                action={voidAction}
                hidden={hidden}
                testId="void-form"
                submitLabel="Void"
                pendingLabel="Voiding…"
                tone="danger"
                confirm="Void this authorization? The reserved amount is released and cannot be captured any more."
              />
            ) : null}
            {canCancel ? (
              <ActionForm
                title="Cancel"
                action={cancelAction}
                hidden={hidden}
                testId="cancel-form"
                submitLabel="Cancel payment"
                pendingLabel="Cancelling…"
                tone="danger"
                confirm={
                  t.status === "SETTLEMENT_REQUESTED"
                    ? "Cancel this payment before it settles? This cannot be undone."
                    : "Cancel this open payment? The shopper can no longer pay it. This cannot be undone."
                }
              />
            ) : null}
            {canRefund ? <RefundForm action={refundAction} id={t.id} refundable={refundable} /> : null}
          </div>
        </Section>
      ) : null}
      <TestControls id={t.id} status={t.status} />
      <Section title="Details">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <Row label="Merchant reference">{t.merchantReference || "—"}</Row>
          <Row label="Status reason">{t.statusReason || "—"}</Row>
          <Row label="Customer">
            {customer?.emailAddress ? <span className="block break-all">{customer.emailAddress}</span> : null}
            <span className="font-mono text-xs break-all text-slate-600">{t.customerId}</span>
          </Row>
          <Row label="Captured">{captured(t)}</Row>
          <Row label="Refunded">{refunded ? formatAmount(refunded) : "—"}</Row>
          <Row label="Created">{time(t.createdAt)} UTC</Row>
          <Row label="Last status update">{time(t.lastStatusUpdate)} UTC</Row>
          <Row label="details">
            <ScrollRegion label="details (JSON)" className="overflow-x-auto rounded-lg bg-slate-50 p-3">
              <pre className="text-xs">{JSON.stringify(t.details, null, 2)}</pre>
            </ScrollRegion>
          </Row>
        </dl>
      </Section>
      <Section title="History">
        <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5 text-sm" data-testid="history">
          {history.map((h) => (
            <li key={String(h.id)} className="relative">
              <span aria-hidden className="absolute top-1.5 -left-[1.6rem] h-3 w-3 rounded-full bg-indigo-500" />
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={h.toStatus} />
                <span className="text-xs text-slate-600">by {h.actor}</span>
              </div>
              <p className="mt-1 text-slate-700" data-testid="history-reason">
                {h.reason}
              </p>
              <time className="font-mono text-xs text-slate-600" dateTime={h.createdAt.toISOString()}>
                {time(h.createdAt)} UTC
              </time>
            </li>
          ))}
        </ol>
      </Section>
      {refunds.length ? (
        <Section title="Refunds">
          <ul className="space-y-2 text-sm" data-testid="refunds">
            {refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3">
                <span className="tabular-nums">{formatAmount(r.amount)}</span>
                <StatusBadge status={r.status} />
                <span className="text-slate-600">{r.reason}</span>
                <span className="font-mono text-xs text-slate-600">{time(r.createdAt)} UTC</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Webhooks">
        {events.length === 0 ? <p className="text-sm text-slate-600">No events yet.</p> : null}
        <ul className="space-y-3 text-sm" data-testid="webhooks">
          {events.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 p-3" data-testid="webhook-event">
              <div className="flex flex-wrap items-center gap-3">
                <span>
                  {e.type}: {String((e.payload as Record<string, unknown>).status ?? "")}
                </span>
                <StatusBadge status={e.status} />
                <span className="font-mono text-xs break-all text-slate-600">{e.id}</span>
              </div>
              <p className="mt-1 text-xs break-all text-slate-600">{e.targetUrl || "no webhook URL applied"}</p>
              {e.attemptLog.length ? (
                <AttemptsTable eventId={e.id} attempts={e.attemptLog} />
              ) : (
                <p className="mt-2 text-xs text-slate-600">No attempts yet.</p>
              )}
              {e.targetUrl || e.status !== "skipped" ? (
                <div className="mt-2">
                  <ActionForm
                    action={resendAction}
                    hidden={{ id: t.id, event: e.id }}
                    submitLabel="Resend"
                    pendingLabel="Queuing…"
                    tone="plain"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  );
}

/**
 * What became of the amount when it is not simply the heading's: a partial capture (the rest was
 * released) and refunds, with what the merchant keeps after them. Empty when neither happened.
 */
function amountNotes(t: { capturedAmount: number | null; amount: number }, refunded: number): string {
  const partial = t.capturedAmount !== null && t.capturedAmount < t.amount;
  if (!partial && !refunded) return "";
  const kept = (t.capturedAmount ?? t.amount) - refunded;
  return [
    partial ? `Captured ${formatAmount(t.capturedAmount ?? 0)} of ${formatAmount(t.amount)}` : "",
    refunded ? `refunded ${formatAmount(refunded)}` : "",
    refunded ? `net ${formatAmount(kept)}` : "",
  ]
    .filter(Boolean)
    .join(" · ")
    .replace(/^./, (c) => c.toUpperCase());
}

/**
 * What was captured: the amount of an explicit capture, or the whole amount of a payment captured
 * at once (`capture_now`, the default), which stores no separate figure; "—" before any capture.
 */
function captured(t: { capturedAmount: number | null; amount: number; status: string }): string {
  if (t.capturedAmount !== null) return formatAmount(t.capturedAmount);
  return t.status === "SETTLEMENT_REQUESTED" || t.status === "SETTLEMENT_COMPLETED" ? formatAmount(t.amount) : "—";
}
