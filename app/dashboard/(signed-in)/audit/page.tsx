import type { Metadata } from "next";
import { DataTable } from "@/components/dashboard/data-table";
import { listAudit } from "@/lib/auth/audit";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";

export const metadata: Metadata = { title: "Audit log" };

type Entry = Awaited<ReturnType<typeof listAudit>>[number];

// Every dashboard action of the organisation (and the CLI's invites), newest first.
export default async function AuditPage() {
  const organisationId = await requireDashboardOrganisation();
  const entries = await listAudit(organisationId, 200);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="text-sm text-slate-600">The latest 200 actions taken in the dashboard, newest first.</p>
      <DataTable<Entry>
        label="Audit log"
        caption="Audit log, newest first"
        testId="audit"
        rows={entries}
        rowKey={(e) => String(e.id)}
        empty="Nothing yet."
        columns={[
          {
            header: "Time (UTC)",
            className: "font-mono text-xs whitespace-nowrap",
            cell: (e) => (
              <>
                {e.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                {/* On a phone the user goes under the time, so the action is in view. */}
                <span className="block font-sans whitespace-normal break-all text-slate-600 sm:hidden">{e.actor}</span>
              </>
            ),
          },
          // Widths keep the wrapping columns readable (the table scrolls sideways instead).
          { header: "User", className: "hidden min-w-48 break-words sm:table-cell", cell: (e) => e.actor },
          {
            header: "Action",
            className: "font-mono text-xs whitespace-nowrap",
            testId: "audit-action",
            cell: (e) => e.action,
          },
          { header: "Target", className: "min-w-40 font-mono text-xs break-all", cell: (e) => e.target },
          {
            header: "Details",
            className: "min-w-56 font-mono text-xs break-all",
            cell: (e) => (Object.keys(e.details as object).length ? JSON.stringify(e.details) : ""),
          },
        ]}
      />
    </div>
  );
}
