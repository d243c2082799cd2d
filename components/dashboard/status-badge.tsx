import { Fragment } from "react";

const COLOURS: Record<string, string> = {
  SETTLEMENT_COMPLETED: "bg-emerald-100 text-emerald-800",
  SETTLEMENT_REQUESTED: "bg-emerald-50 text-emerald-700",
  AUTHORIZED: "bg-sky-100 text-sky-800",
  INITIATED: "bg-slate-100 text-slate-700",
  IN_PROGRESS: "bg-slate-100 text-slate-700",
  PENDING: "bg-amber-100 text-amber-800",
  UNKNOWN: "bg-amber-100 text-amber-800",
  DECLINED: "bg-red-100 text-red-800",
  FAILED: "bg-red-100 text-red-800",
  CANCELLED: "bg-slate-200 text-slate-700",
  ABANDONED: "bg-slate-200 text-slate-700",
  AUTHORIZATION_VOIDED: "bg-slate-200 text-slate-700",
  delivered: "bg-emerald-100 text-emerald-800",
  pending: "bg-amber-100 text-amber-800",
  failed: "bg-red-100 text-red-800",
  skipped: "bg-slate-100 text-slate-600",
  PROCESSED: "bg-emerald-100 text-emerald-800",
};

/**
 * A status in its colour. In a narrow column a long status wraps after an underscore
 * ("SETTLEMENT_" over "COMPLETED"), never inside a word nor cut off; its text stays the status.
 * Inline with its decoration cloned: each line is a pill of its own, as wide as its text (in a
 * table cell the lines are spaced so that the two pills do not touch).
 */
export function StatusBadge({ status }: { status: string }) {
  const parts = status.split("_");
  return (
    <span
      className={`rounded-[0.625rem] box-decoration-clone px-2 py-0.5 text-xs font-semibold in-[td]:leading-6 ${COLOURS[status] ?? "bg-slate-100 text-slate-700"}`}
      data-testid="status"
    >
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={i}>
          {i > 0 ? (
            <>
              _<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
