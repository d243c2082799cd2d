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

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[status] ?? "bg-slate-100 text-slate-700"}`}
      data-testid="status"
    >
      {status}
    </span>
  );
}
