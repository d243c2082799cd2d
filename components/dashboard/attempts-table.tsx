import { DataTable } from "@/components/dashboard/data-table";
import { chaosSummary } from "@/lib/dashboard/webhooks";
import type { WebhookAttempt } from "@/lib/generated/prisma/client";

const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

/**
 * An event's delivery attempts, the same columns in the same order wherever they are shown (the
 * Events page and the transaction page): what chaos did sits beside the result it explains.
 */
export function AttemptsTable({ eventId, attempts }: { eventId: string; attempts: readonly WebhookAttempt[] }) {
  return (
    <DataTable<WebhookAttempt>
      variant="inline"
      className="mt-2"
      label={`Attempts of event ${eventId}`}
      caption={`Delivery attempts of event ${eventId}`}
      testId="attempts"
      rows={attempts}
      rowKey={(a) => String(a.id)}
      empty="No attempts yet."
      columns={[
        { header: "#", cell: (a) => a.attemptNumber },
        { header: "Started (UTC)", className: "font-mono whitespace-nowrap", cell: (a) => time(a.startedAt) },
        { header: "Trigger", cell: (a) => a.trigger },
        { header: "Result", cell: (a) => (a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? "")) },
        { header: "Chaos", testId: "chaos", cell: (a) => chaosSummary(a.chaos) || "—" },
        { header: "Duration", className: "tabular-nums whitespace-nowrap", cell: (a) => `${a.durationMs} ms` },
      ]}
    />
  );
}
