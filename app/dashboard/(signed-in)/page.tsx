import type { Metadata } from "next";
import { DailyStackedBars, GROUP_LABELS, Legend, ShareBar, Stat } from "@/components/dashboard/charts";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { Section } from "@/components/dashboard/section";
import { formatAmount } from "@/components/pay/format";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { GROUP_NAMES, OVERVIEW_DAYS, overview } from "@/lib/dashboard/overview";

export const metadata: Metadata = { title: "Overview" };

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const compactEur = new Intl.NumberFormat("en-IE", {
  style: "currency",
  currency: "EUR",
  notation: "compact",
  maximumFractionDigits: 1,
});

// The organisation's last 30 days: totals, volume and count per day by status, conversion per
// product, webhook delivery success. Everything is drawn on the server (SVG).
export default async function OverviewPage() {
  const organisationId = await requireDashboardOrganisation();
  const o = await overview(organisationId);
  const count = GROUP_NAMES.reduce((s, g) => s + o.totals.count[g], 0);
  const volume = GROUP_NAMES.reduce((s, g) => s + o.totals.volume[g], 0);
  const conversion = count ? o.totals.count.succeeded / count : 0;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Overview</h1>
        <p className="text-sm text-slate-600">
          Last {OVERVIEW_DAYS} days, {o.since} to {o.until} (UTC).
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="totals">
        <Stat label="Transactions" value={String(count)} />
        <Stat label="Volume" value={formatAmount(volume)} />
        <Stat label="Succeeded volume" value={formatAmount(o.totals.volume.succeeded)} />
        <Stat label="Refunded" value={formatAmount(o.refunded)} />
        <Stat label="Conversion" value={pct(conversion)} />
      </div>
      <Section title="Volume per day by status">
        <Legend />
        <DailyStackedBars
          id="volume"
          title="Volume per day by status"
          days={o.days}
          metric="volume"
          format={(v) => compactEur.format(v / 100)}
        />
      </Section>
      <Section title="Transactions per day by status">
        <DailyStackedBars
          id="count"
          title="Transactions per day by status"
          days={o.days}
          metric="count"
          format={(v) => String(Math.round(v))}
        />
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-indigo-700">Numbers per day</summary>
          <ScrollRegion label="Numbers per day" className="mt-2 max-h-80 overflow-auto">
            <table className="min-w-full text-xs">
              <thead className="text-left text-slate-600">
                <tr>
                  <th className="pr-3">Day</th>
                  {GROUP_NAMES.map((g) => (
                    <th key={g} className="pr-3 text-right">
                      {GROUP_LABELS[g]}
                    </th>
                  ))}
                  <th className="text-right">Volume</th>
                </tr>
              </thead>
              <tbody>
                {o.days.map((d) => (
                  <tr key={d.day}>
                    <td className="pr-3 font-mono">{d.day}</td>
                    {GROUP_NAMES.map((g) => (
                      <td key={g} className="pr-3 text-right tabular-nums">
                        {d.count[g]}
                      </td>
                    ))}
                    <td className="text-right tabular-nums">
                      {formatAmount(GROUP_NAMES.reduce((s, g) => s + d.volume[g], 0))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Conversion per payment product">
          {o.products.length === 0 ? <p className="text-sm text-slate-600">No transactions yet.</p> : null}
          <ul className="space-y-3" data-testid="conversion">
            {o.products.map((p) => (
              <li key={p.product} className="text-sm">
                <div className="flex justify-between gap-3">
                  <span className="font-medium">{p.name}</span>
                  <span className="tabular-nums text-slate-700">
                    {pct(p.rate)}{" "}
                    <span className="text-slate-600">
                      ({p.succeeded} of {p.count})
                    </span>
                  </span>
                </div>
                <ShareBar share={p.rate} label={`${p.name}: ${pct(p.rate)} succeeded`} />
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Webhook delivery">
          <p className="text-3xl font-bold tabular-nums" data-testid="webhook-rate">
            {o.webhooks.successRate === null ? "—" : pct(o.webhooks.successRate)}
          </p>
          <p className="text-sm text-slate-600">delivered of the events whose delivery is decided</p>
          <div className="mt-3">
            <ShareBar
              share={o.webhooks.successRate ?? 0}
              colour="#059669"
              label={`Webhook delivery success: ${o.webhooks.successRate === null ? "no decided events" : pct(o.webhooks.successRate)}`}
            />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {(["delivered", "failed", "pending", "skipped"] as const).map((k) => (
              <div key={k}>
                <dt className="text-slate-600">{k}</dt>
                <dd className="font-semibold tabular-nums">{o.webhooks[k]}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </div>
    </div>
  );
}
