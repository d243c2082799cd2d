import { recordAudit } from "@/lib/auth/audit";
import { dashboardUser } from "@/lib/auth/next-auth";
import { searchFromParams, transactionsCsv } from "@/lib/dashboard/search";

export const dynamic = "force-dynamic";

/**
 * The filtered transaction list as CSV (same query string as the list page), streamed in keyset
 * batches: memory holds one batch, however many rows match.
 */
export async function GET(request: Request): Promise<Response> {
  const user = await dashboardUser();
  if (!user) return Response.json({ code: "110", message: "Sign in to the dashboard first." }, { status: 401 });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { raw, parsed } = searchFromParams(params);
  if (!parsed.success) {
    // A person followed the link (a stale bookmark, a hand-edited query): back to the list with the
    // same filters, where each reason stands next to its field; never a page of raw JSON.
    const { cursor: _, ...filters } = raw;
    return new Response(null, {
      status: 303,
      headers: { location: `/dashboard/transactions?${new URLSearchParams(filters)}`, "cache-control": "no-store" },
    });
  }
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: "transactions.export",
    details: raw,
  });
  const name = `transactions-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.csv`;

  return new Response(transactionsCsv(user.organisationId, { ...parsed.data, cursor: undefined }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
