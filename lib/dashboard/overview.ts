import { db } from "@/lib/db/prisma";
import { productLabel } from "@/lib/domain/products";

export const OVERVIEW_DAYS = 30;

/** Status groups the charts stack by. */
const STATUS_GROUPS = {
  succeeded: ["AUTHORIZED", "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED"],
  open: ["INITIATED", "IN_PROGRESS", "PENDING", "UNKNOWN"],
  failed: ["DECLINED", "FAILED"],
  ended: ["CANCELLED", "ABANDONED", "AUTHORIZATION_VOIDED"],
} as const;
export type StatusGroup = keyof typeof STATUS_GROUPS;
export const GROUP_NAMES = Object.keys(STATUS_GROUPS) as StatusGroup[];

const groupOf = (status: string): StatusGroup =>
  GROUP_NAMES.find((g) => (STATUS_GROUPS[g] as readonly string[]).includes(status)) ?? "open";

export type DayTotals = { day: string; count: Record<StatusGroup, number>; volume: Record<StatusGroup, number> };

const zero = (): Record<StatusGroup, number> => ({ succeeded: 0, open: 0, failed: 0, ended: 0 });

/** The organisation's last 30 days (today included, UTC): per day, per product, webhooks. */
export async function overview(organisationId: string, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (OVERVIEW_DAYS - 1) * 86_400_000);

  // A captured payment counts with what was captured (a partial capture released the rest).
  const [perDay, perProduct, webhooks, refunds] = await Promise.all([
    db().$queryRaw<{ day: Date; status: string; n: bigint; volume: bigint }[]>`
      select date_trunc('day', "createdAt") as day, status, count(*) as n,
        coalesce(sum(case when status in ('SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
          then coalesce("capturedAmount", amount) else amount end), 0) as volume
      from transactions
      where "organisationId" = ${organisationId}::uuid and "createdAt" >= ${since}
      group by 1, 2`,
    db().$queryRaw<{ product: string; n: bigint; succeeded: bigint }[]>`
      select "paymentProduct" as product, count(*) as n,
        count(*) filter (where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')) as succeeded
      from transactions
      where "organisationId" = ${organisationId}::uuid and "createdAt" >= ${since}
      group by 1 order by 2 desc, 1`,
    db().$queryRaw<{ status: string; n: bigint }[]>`
      select e.status, count(*) as n
      from webhook_events e join transactions t on t.id = e."transactionId"
      where t."organisationId" = ${organisationId}::uuid and e."createdAt" >= ${since}
      group by 1`,
    db().$queryRaw<{ refunded: bigint }[]>`
      select coalesce(sum(r.amount), 0) as refunded
      from refunds r join transactions t on t.id = r."transactionId"
      where t."organisationId" = ${organisationId}::uuid and r."createdAt" >= ${since} and r.status <> 'FAILED'`,
  ]);

  const days: DayTotals[] = Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({
    day: new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10),
    count: zero(),
    volume: zero(),
  }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const r of perDay) {
    const d = byDay.get(r.day.toISOString().slice(0, 10));
    if (!d) continue;
    d.count[groupOf(r.status)] += Number(r.n);
    d.volume[groupOf(r.status)] += Number(r.volume);
  }
  const totals = { count: zero(), volume: zero() };
  for (const d of days)
    for (const g of GROUP_NAMES) {
      totals.count[g] += d.count[g];
      totals.volume[g] += d.volume[g];
    }

  const events = Object.fromEntries(webhooks.map((w) => [w.status, Number(w.n)])) as Record<string, number>;
  const delivered = events.delivered ?? 0;
  const failed = events.failed ?? 0;

  return {
    since: days[0].day,
    until: days[days.length - 1].day,
    days,
    totals,
    /** Refunded in the period (refunds not failed), whatever the payment's own date. */
    refunded: Number(refunds[0]?.refunded ?? 0),
    products: perProduct.map((p) => ({
      product: p.product,
      /** The product's display name (lib/domain/products.ts); the id of one no longer offered. */
      name: productLabel(p.product),
      count: Number(p.n),
      succeeded: Number(p.succeeded),
      rate: Number(p.n) ? Number(p.succeeded) / Number(p.n) : 0,
    })),
    webhooks: {
      delivered,
      failed,
      pending: events.pending ?? 0,
      skipped: events.skipped ?? 0,
      /** Delivered among the events whose delivery is decided (delivered or failed); null when none is. */
      successRate: delivered + failed ? delivered / (delivered + failed) : null,
    },
  };
}
