import { ActionForm } from "@/components/dashboard/action-form";
import { Section } from "@/components/dashboard/section";
import { nextStatuses, SETTABLE_STATUSES, TIMELINE_ROWS } from "@/lib/dashboard/test-controls";
import { advanceAction, setStatusAction, timelineAction } from "./test-actions";

/**
 * The sandbox's test controls for one transaction (the same services as
 * /v1/test/transaction/<id>/{advance,status,timeline}): run its timers now, set a status the
 * table allows, or script a timeline of outcomes.
 */
export function TestControls({ id, status }: { id: string; status: string }) {
  const next = nextStatuses(status);
  const steps = Array.from({ length: TIMELINE_ROWS }, (_s, i) => ({
    legend: `Step ${i + 1}${i ? " (optional)" : ""}`,
    fields: [
      {
        name: `steps.${i}.after_ms`,
        label: "After (ms)",
        inputMode: "decimal" as const,
        placeholder: String((i + 1) * 2000),
      },
      { name: `steps.${i}.status`, label: "Status", options: SETTABLE_STATUSES },
      { name: `steps.${i}.reason`, label: "Reason (optional)" },
    ],
  }));

  return (
    <Section
      title="Test controls"
      testId="test-controls"
      intro="Sandbox only: these act like the processor, the bank or the clock would. History records them as actor sandbox; webhooks go out as usual."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3" data-testid="advance">
          <h3 className="font-semibold">Advance</h3>
          <p className="text-sm text-slate-600">
            Runs the transaction&apos;s next pending timer now (approval expiry, settlement, the dummy update, a refund,
            a timeline step), or every timer until none is left.
          </p>
          <div className="flex flex-wrap gap-3">
            <ActionForm
              action={advanceAction}
              hidden={{ id, until: "next" }}
              testId="advance-next-form"
              submitLabel="Run next timer"
              pendingLabel="Running…"
              tone="plain"
            />
            <ActionForm
              action={advanceAction}
              hidden={{ id, until: "final" }}
              testId="advance-final-form"
              submitLabel="Run until final"
              pendingLabel="Running…"
              tone="plain"
            />
          </div>
        </div>
        {next.length ? (
          <ActionForm
            title="Set status"
            intro={
              <span data-testid="allowed-next">
                From {status} the table allows: {next.join(", ")}.
              </span>
            }
            action={setStatusAction}
            hidden={{ id }}
            testId="set-status-form"
            fields={[
              { name: "status", label: "Status", options: SETTABLE_STATUSES, required: true },
              { name: "reason", label: "Reason (optional)", placeholder: "e.g. flagged after capture" },
            ]}
            submitLabel="Set status"
            pendingLabel="Setting…"
            tone="danger"
            confirm="Set this status? It is recorded in the history and the merchant's webhook is sent."
          />
        ) : (
          // A final status: nothing can be set, so no form that could only be refused.
          <div>
            <h3 className="mb-2 font-semibold">Set status</h3>
            <p className="text-sm text-slate-600" data-testid="allowed-next">
              {status} is final: no status can follow it.
            </p>
          </div>
        )}
      </div>
      <div className="mt-6">
        <ActionForm
          title="Timeline"
          intro="Scripted outcomes, applied by the job queue in order at their time. A step the table refuses then is recorded as skipped in the history. A new timeline replaces a pending one."
          action={timelineAction}
          hidden={{ id }}
          testId="timeline-form"
          groups={steps}
          submitLabel="Schedule timeline"
          pendingLabel="Scheduling…"
          tone="plain"
        />
      </div>
    </Section>
  );
}
