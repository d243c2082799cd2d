import type { Metadata } from "next";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { listAudit } from "@/lib/auth/audit";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";

export const metadata: Metadata = { title: "Audit log" };

// Every dashboard action of the organisation (and the CLI's invites), newest first.
export default async function AuditPage() {
  const organisationId = await requireDashboardOrganisation();
  const entries = await listAudit(organisationId, 200);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="text-sm text-slate-600">The latest 200 actions taken in the dashboard, newest first.</p>
      <ScrollRegion label="Audit log" className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th className="px-3 py-2">Time (UTC)</th>
              <th className="px-3 py-2">User</th>
              <th className="px-3 py-2">Action</th>
              <th className="px-3 py-2">Target</th>
              <th className="px-3 py-2">Details</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100" data-testid="audit">
            {entries.map((e) => (
              <tr key={String(e.id)}>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                  {e.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                </td>
                <td className="px-3 py-2 break-all">{e.actor}</td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap" data-testid="audit-action">
                  {e.action}
                </td>
                <td className="px-3 py-2 font-mono text-xs break-all">{e.target}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">
                  {Object.keys(e.details as object).length ? JSON.stringify(e.details) : ""}
                </td>
              </tr>
            ))}
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
                  Nothing yet.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
