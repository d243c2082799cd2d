"use server";

import { type ActionState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import { TIMELINE_ROWS } from "@/lib/dashboard/test-controls";
import { scriptTimeline, SetStatusSchema, setTransactionStatus } from "@/lib/sandbox/test-controls";
import { TimelineSchema } from "@/lib/sandbox/timeline";
import { AdvanceSchema, advanceTransaction } from "@/lib/worker/advance";

// The sandbox test controls of the transaction page: the services behind
// POST /v1/test/transaction/<id>/{advance,status,timeline}, with their zod schemas, audited.

const page = (id: string) => [`/dashboard/transactions/${id}`];

export async function advanceAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return auditedAction({
    action: "transaction.test_advance",
    schema: AdvanceSchema,
    input: { until: field(form, "until") || undefined },
    run: (body, user) => advanceTransaction({ organisationId: user.organisationId, id, body }),
    done: ({ transaction, timersRun }, { until }) => ({
      target: id,
      details: { until, timers: timersRun.join(",") },
      message: timersRun.length
        ? `Ran ${timersRun.length === 1 ? "1 timer" : `${timersRun.length} timers`} (${timersRun.join(", ")}): now ${transaction.status}.`
        : `No timer was pending: still ${transaction.status}.`,
    }),
    revalidate: page(id),
  });
}

export async function setStatusAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { status: field(form, "status"), reason: field(form, "reason") };
  return auditedAction({
    action: "transaction.test_status",
    schema: SetStatusSchema,
    input: { status: values.status || undefined, reason: values.reason || undefined },
    values,
    run: (body, user) => setTransactionStatus({ organisationId: user.organisationId, id, body }),
    done: (t, { status, reason }) => ({
      target: id,
      details: { status, reason: reason ?? "" },
      message: `Status set to ${t.status}.`,
    }),
    // 130: the table refuses the move; say next to the field from where it is allowed.
    onError: (err, v) => {
      if (err.code !== "130") return undefined;
      const from = (err.details?.allowed_from as string[] | undefined) ?? [];
      return {
        status: "error",
        message: err.message,
        fields: {
          status: `Not allowed from ${String(err.details?.status)}. Allowed from: ${from.length ? from.join(", ") : "none"}.`,
        },
        values: v,
      };
    },
    revalidate: page(id),
  });
}

const MS_PROBLEM = "Expected a whole number of milliseconds (0 or more), e.g. 1500";

/** A step's "after" as typed: a whole number of milliseconds, or the text for the schema to name. */
const msInput = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text || undefined);

export async function timelineAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values: Record<string, string> = {};
  const rows = Array.from({ length: TIMELINE_ROWS }, (_r, i) => {
    const row = { after_ms: field(form, `steps.${i}.after_ms`), status: field(form, `steps.${i}.status`) };
    const reason = field(form, `steps.${i}.reason`);
    values[`steps.${i}.after_ms`] = row.after_ms;
    values[`steps.${i}.status`] = row.status;
    values[`steps.${i}.reason`] = reason;
    return { ...row, reason };
  });
  // Rows up to the last one used; an empty row between two used ones is reported, not skipped.
  const used = rows.findLastIndex((r) => r.after_ms || r.status || r.reason) + 1;
  const steps = rows.slice(0, used).map((r) => ({
    after_ms: msInput(r.after_ms),
    status: r.status || undefined,
    reason: r.reason || undefined,
  }));
  return auditedAction({
    action: "transaction.test_timeline",
    schema: TimelineSchema,
    input: { steps },
    values,
    // A step's wait in the form's terms (the schema would say "expected number, received string"),
    // and an empty form in a sentence (the schema's "steps": "At least one step" names no field).
    precheck: () => ({
      steps: used === 0 ? "Fill in at least one step: its wait in milliseconds and a status." : "",
      ...Object.fromEntries(
        rows
          .slice(0, used)
          .map((r, i) => [
            `steps.${i}.after_ms`,
            r.after_ms.trim() && !/^\d+$/.test(r.after_ms.trim()) ? MS_PROBLEM : "",
          ]),
      ),
    }),
    run: (body, user) => scriptTimeline({ organisationId: user.organisationId, id, body }),
    done: (t) => ({
      target: id,
      details: { steps: t.steps.map((s) => `${s.status}@${s.at}`).join(" ") },
      message: `Timeline scheduled: ${t.steps.map((s) => `${s.status} at ${s.at.slice(11, 19)} UTC`).join(", ")}.`,
    }),
    revalidate: page(id),
  });
}
