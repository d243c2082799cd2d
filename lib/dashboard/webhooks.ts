import { db } from "@/lib/db/prisma";
import { isoDate } from "@/lib/schemas/common";
import { serializePaymentProfile } from "@/lib/merchants/payment-profiles";

/** The organisation's payment profiles as GET /v1/payment-profile/<id> shows them, oldest first. */
export async function listOrganisationProfiles(organisationId: string) {
  const profiles = await db().paymentProfile.findMany({ where: { organisationId }, orderBy: { createdAt: "asc" } });

  return profiles.map((p) => serializePaymentProfile(p));
}

const FILTERS = ["type", "transaction", "delivery_status", "from", "to", "cursor"] as const;

/**
 * The event log's filters from the page's query string, and the GET /v1/events query they mean:
 * dates (UTC days) become the created range, `to` inclusive. A day that is not a calendar date,
 * or a range that ends before it begins, is named in `invalid` (in the page's terms, as the
 * transaction search does); anything else unusable is passed on as typed, so the API's schema
 * names it.
 */
export function eventQueryFromParams(params: Record<string, string | string[] | undefined>) {
  const raw: Record<string, string> = {};
  for (const key of FILTERS) {
    const v = params[key];
    if (typeof v === "string" && v.trim() !== "") raw[key] = v.trim();
  }
  const invalid: Record<string, string> = {};
  const day = (name: "from" | "to", d: string, plus = 0) => {
    const parsed = isoDate.safeParse(d);
    if (parsed.success) return new Date(Date.parse(`${d}T00:00:00Z`) + plus).toISOString();
    invalid[name] = parsed.error.issues[0]?.message ?? "Not a calendar date";
    return d;
  };
  const { from, to, ...rest } = raw;
  const query: Record<string, string> = { ...rest, limit: "10" };
  if (from) query.created_from = day("from", from);
  if (to) query.created_to = day("to", to, 86_400_000);
  if (from && to && !invalid.from && !invalid.to && to < from) invalid.to = "Must not be before From";

  return { raw, query, invalid };
}

/** What chaos mode did to one attempt (webhook_attempts.chaos), in words; "" where it did not act. */
export function chaosSummary(chaos: unknown): string {
  if (!chaos || typeof chaos !== "object") return "";
  const c = chaos as Record<string, unknown>;
  const parts: string[] = [];
  if (c.failed_on_purpose) parts.push("failed on purpose (not sent)");
  if (c.bad_signature) parts.push("bad signature");
  if (c.duplicated)
    parts.push(
      `sent twice${typeof c.duplicate_status_code === "number" ? ` (copy: HTTP ${c.duplicate_status_code})` : ""}`,
    );
  const delay = Number(c.delay_ms ?? 0);
  const reorder = Number(c.reorder_delay_ms ?? 0);
  if (delay) parts.push(`delayed ${delay} ms`);
  if (reorder) parts.push(`reorder wait ${reorder} ms`);

  return parts.length ? parts.join(", ") : "no effect";
}
