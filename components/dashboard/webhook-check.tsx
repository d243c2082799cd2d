"use client";

import { useActionState, useId } from "react";
import type { ActionState } from "@/lib/dashboard/action-state";
import type { CheckReport } from "@/lib/sandbox/webhook-check";
import { BusySubmitButton } from "@/components/dashboard/busy-submit-button";

type State = ActionState & { report?: CheckReport };

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-70";

/**
 * "Check my handler": the webhook tester (POST /v1/test/webhook-check) sends its battery to the
 * profile's URL or the one typed in, and the graded report appears below. Up to six deliveries of
 * up to 5 s each: the button and a progress bar say it is running.
 */
export function WebhookCheck({
  action,
  profileId,
  defaultUrl,
}: {
  action: (state: State, form: FormData) => Promise<State>;
  profileId: string;
  defaultUrl: string;
}) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as State);
  const id = useId();
  const error = pending ? undefined : state.fields?.url;
  const report = state.report;

  return (
    <form action={formAction} className="space-y-3" data-testid="check-form" noValidate>
      <input type="hidden" name="id" value={profileId} />
      <div className="text-sm font-medium text-slate-700">
        <label htmlFor={`${id}-url`}>URL to check (optional)</label>
        <input
          key={state.values?.url ?? ""}
          id={`${id}-url`}
          name="url"
          type="url"
          defaultValue={state.values?.url ?? ""}
          placeholder={defaultUrl || "https://example.com/webhooks"}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={`mt-1 block w-full rounded-lg border px-3 py-2 focus:ring-2 focus:ring-indigo-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
        />
        <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-slate-600">
          Empty: the profile's webhook URL. The deliveries are signed with the profile's secret; no transaction changes.
        </span>
        {error ? (
          <span id={`${id}-error`} className="mt-1 block text-xs font-normal text-red-700" data-testid="field-error">
            {error}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <BusySubmitButton busy={pending} className={button}>
          {pending ? "Checking…" : "Check my handler"}
        </BusySubmitButton>
        {pending ? (
          <span className="flex items-center gap-2 text-sm text-slate-700" role="status">
            <progress aria-label="Checking the handler" className="h-2 w-32 accent-indigo-600" />
            Sending six test deliveries (up to 5 s each)…
          </span>
        ) : state.status !== "idle" && state.message ? (
          <p
            role={state.status === "error" ? "alert" : "status"}
            className={`text-sm font-semibold ${state.status === "error" || report?.failed ? "text-red-700" : "text-emerald-800"}`}
          >
            {state.message}
          </p>
        ) : null}
      </div>
      {report && !pending ? (
        <div className="overflow-x-auto" data-testid="check-report">
          <p className="mb-2 text-xs break-all text-slate-600">Checked {report.url}</p>
          <ul className="space-y-2">
            {report.checks.map((c) => (
              <li
                key={c.name}
                data-testid="check"
                className={`rounded-lg border p-3 text-sm ${c.pass ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
              >
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <span
                    className={`font-semibold ${c.pass ? "text-emerald-900" : "text-red-900"}`}
                    data-testid="check-result"
                  >
                    {c.pass ? "✓ pass" : "✗ fail"}
                  </span>
                  <code className="font-semibold text-slate-900" data-testid="check-name">
                    {c.name}
                  </code>
                  <span className="text-slate-700">
                    expected <strong>{c.expected}</strong>, got <strong data-testid="check-got">{c.got}</strong>
                  </span>
                </div>
                {c.advice ? <p className="mt-1 text-slate-800">{c.advice}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
