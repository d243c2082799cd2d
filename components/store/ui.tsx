import type { HTMLAttributes, ReactNode } from "react";
import { formatAmount } from "@/components/pay/format";
import type { OrderStatusView } from "@/lib/store/order-status";

// The store's primitives: the hosted pages' shapes (rounded-2xl cards, slate borders, one strong
// primary button) in the shop's own espresso-and-amber colours.

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-amber-600 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-100";

/** Selects are as tall as the text inputs next to them. */
export const selectClass = `${inputClass} h-[2.875rem] py-0`;

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-stone-800 focus:ring-2 focus:ring-amber-300 focus:outline-none disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70";

export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-50 focus:ring-2 focus:ring-stone-200 focus:outline-none";

/**
 * A small text action ("Remove", "Continue paying"): a 44 px tap target on a phone, 32 px from
 * `sm` up (WCAG 2.5.8 asks at least 24 px), without looking like a button.
 */
export const textActionClass = "inline-flex min-h-11 items-center text-sm sm:min-h-8";

export function Card({
  children,
  className = "",
  ...rest
}: HTMLAttributes<HTMLDivElement> & { "data-testid"?: string }) {
  return (
    <div {...rest} className={`rounded-2xl border border-stone-200 bg-white shadow-sm ${className}`}>
      {children}
    </div>
  );
}

export function Price({ amount, className = "" }: { amount: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatAmount(amount)}</span>;
}

type FieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
};

/** A labelled field with its error under it (the error is also the input's accessible description). */
export function Field({ label, name, error, hint, children, className = "" }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={fieldId(name)} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1 text-xs text-stone-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** DOM id of a form field named with an API path (`details.sender.0.account_number`). */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** Props that tie an input to its Field: id, name, default value and error state. */
export function inputProps(
  name: string,
  values: Record<string, string>,
  errors: Record<string, string>,
  fallback = "",
) {
  const error = errors[name];
  return {
    id: fieldId(name),
    name,
    defaultValue: values[name] ?? fallback,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${fieldId(name)}-error` : undefined,
  } as const;
}

const TONES: Record<OrderStatusView["tone"], string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  slate: "bg-stone-100 text-stone-700 ring-stone-200",
};

export function StatusBadge({ view, testId }: { view: OrderStatusView; testId?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[view.tone]}`}
      data-testid={testId}
    >
      <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden />
      {view.label}
    </span>
  );
}

/** What was refunded of an order (refund webhooks), beside its payment status; nothing when none. */
export function RefundBadge({ refunded, amount }: { refunded: number; amount: number }) {
  if (refunded <= 0) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-200 ring-inset"
      data-testid="order-refunded"
    >
      {refunded >= amount ? "Refunded" : `${formatAmount(refunded)} of ${formatAmount(amount)} refunded`}
    </span>
  );
}

/** A message announced as it appears; `tabIndex={-1}` lets a form move the focus (and the view) to it. */
export function Alert({
  children,
  tone = "red",
  tabIndex,
}: {
  children: ReactNode;
  tone?: "red" | "amber";
  tabIndex?: number;
}) {
  const cls =
    tone === "red"
      ? "border-red-200 bg-red-50 text-red-800 focus:ring-red-300"
      : "border-amber-200 bg-amber-50 text-amber-900 focus:ring-amber-300";
  return (
    <div
      role="alert"
      tabIndex={tabIndex}
      className={`scroll-mt-6 rounded-lg border px-3 py-2.5 text-sm focus:ring-2 focus:outline-none ${cls}`}
    >
      {children}
    </div>
  );
}
