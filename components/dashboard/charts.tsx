import type { ReactNode } from "react";
import { GROUP_NAMES, type DayTotals, type StatusGroup } from "@/lib/dashboard/overview";

// Charts drawn on the server as SVG: readable without JavaScript, scaled to the page's width.

const GROUP_COLOURS: Record<StatusGroup, string> = {
  succeeded: "#059669",
  open: "#d97706",
  failed: "#dc2626",
  ended: "#64748b",
};
export const GROUP_LABELS: Record<StatusGroup, string> = {
  succeeded: "Succeeded",
  open: "Open",
  failed: "Declined / failed",
  ended: "Cancelled / expired / voided",
};

export function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {GROUP_NAMES.map((g) => (
        <li key={g} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: GROUP_COLOURS[g] }} />
          {GROUP_LABELS[g]}
        </li>
      ))}
    </ul>
  );
}

/** A round top for an axis whose half is round too: 2, 4, 6, 8 or 10 times a power of ten. */
function niceMax(v: number): number {
  if (v <= 2) return 2;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 4, 6, 8, 10].find((m) => m * p >= v) ?? 10) * p;
}

type BarsProps = {
  id: string;
  title: string;
  days: DayTotals[];
  metric: "count" | "volume";
  format: (v: number) => string;
};

/**
 * Stacked bars per day, one colour per status group. Drawn twice, for a phone (narrow, fewer
 * labels) and wider screens, so the labels stay readable at either size; CSS shows one.
 */
export function DailyStackedBars(props: BarsProps) {
  return (
    <figure>
      <Bars {...props} width={720} labelEvery={5} className="hidden sm:block" testId={`chart-${props.id}`} />
      <Bars
        {...props}
        id={`${props.id}-narrow`}
        width={360}
        labelEvery={10}
        className="sm:hidden"
        testId={`chart-${props.id}-narrow`}
      />
    </figure>
  );
}

function Bars({
  id,
  title,
  days,
  metric,
  format,
  width: W,
  labelEvery,
  className,
  testId,
}: BarsProps & { width: number; labelEvery: number; className: string; testId: string }) {
  const H = W < 500 ? 200 : 220;
  const pad = { left: 50, right: 8, top: 10, bottom: 24 };
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const totals = days.map((d) => GROUP_NAMES.reduce((s, g) => s + d[metric][g], 0));
  const max = niceMax(Math.max(...totals));
  const step = plotW / days.length;
  const barW = Math.max(2, step * 0.7);
  const y = (v: number) => pad.top + plotH - (v / max) * plotH;
  const total = totals.reduce((a, b) => a + b, 0);

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={`h-auto w-full ${className}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={testId}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>
        {`${format(total)} in ${days.length} days, from ${days[0]?.day} to ${days[days.length - 1]?.day}; the busiest day had ${format(Math.max(...totals))}.`}
      </desc>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={pad.left} x2={W - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
          <text x={pad.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#475569">
            {format(max * f)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        let top = pad.top + plotH;
        const x = pad.left + i * step + (step - barW) / 2;
        return (
          <g key={d.day}>
            {GROUP_NAMES.map((g) => {
              const h = (d[metric][g] / max) * plotH;
              top -= h;
              return h > 0 ? (
                <rect key={g} x={x} y={top} width={barW} height={h} fill={GROUP_COLOURS[g]}>
                  <title>{`${d.day} ${GROUP_LABELS[g]}: ${format(d[metric][g])}`}</title>
                </rect>
              ) : null;
            })}
            {i % labelEvery === 0 || i === days.length - 1 ? (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" fontSize="11" fill="#475569">
                {d.day.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** One horizontal bar of a share (0..1), labelled. */
export function ShareBar({ share, label, colour = "#4f46e5" }: { share: number; label: string; colour?: string }) {
  return (
    <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-2.5 w-full" role="img" aria-label={label}>
      <rect x="0" y="0" width="100" height="8" rx="2" fill="#e2e8f0" />
      <rect x="0" y="0" width={Math.max(0, Math.min(1, share)) * 100} height="8" rx="2" fill={colour} />
    </svg>
  );
}

export function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      {/* A large amount in a half-width card on a phone: smaller there, and wrapping rather than overflowing. */}
      <p className="mt-1 text-xl font-bold break-words tabular-nums sm:text-2xl">{value}</p>
      {children}
    </div>
  );
}
