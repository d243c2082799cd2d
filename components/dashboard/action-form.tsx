"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { ActionState } from "@/lib/dashboard/action-state";

type FormField = {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  inputMode?: "decimal" | "text" | "email";
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
};

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  /** Hidden inputs (e.g. the transaction id). */
  hidden?: Record<string, string>;
  fields?: FormField[];
  submitLabel: string;
  pendingLabel: string;
  /** A destructive action asks first: the question shown before it runs. */
  confirm?: string;
  tone?: "primary" | "danger" | "plain";
  /** What the shown-once secret is (e.g. "Your new API key"). */
  secretLabel?: string;
  testId?: string;
};

const TONES = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500",
  danger: "bg-red-600 text-white hover:bg-red-500",
  plain: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
};
const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-70";

/**
 * A dashboard form bound to a server action: errors next to their field, a button that shows
 * progress, and (for destructive actions) a question first.
 */
export function ActionForm(props: Props) {
  const [state, formAction, pending] = useActionState(props.action, { status: "idle" } as ActionState);
  const [asking, setAsking] = useState(false);
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const tone = TONES[props.tone ?? "primary"];

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  useEffect(() => {
    if (!pending) setAsking(false);
  }, [pending]);

  return (
    <form action={formAction} className="space-y-3" data-testid={props.testId} noValidate>
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.fields?.length ? (
        <div className="flex flex-wrap items-start gap-3">
          {props.fields.map((f) => {
            const error = state.fields?.[f.name];
            const errorId = `${id}-${f.name}-error`;
            const hintId = `${id}-${f.name}-hint`;
            return (
              <div key={f.name} className="min-w-0 flex-1 basis-48 text-sm font-medium text-slate-700">
                <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
                <input
                  id={`${id}-${f.name}`}
                  name={f.name}
                  type={f.type ?? "text"}
                  inputMode={f.inputMode}
                  placeholder={f.placeholder}
                  defaultValue={state.values?.[f.name]}
                  required={f.required}
                  autoComplete={f.autoComplete ?? "off"}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[error ? errorId : "", f.hint ? hintId : ""].filter(Boolean).join(" ") || undefined}
                  className={`mt-1 block w-full rounded-lg border px-3 py-2 focus:ring-2 focus:ring-indigo-200 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
                />
                {f.hint ? (
                  <span id={hintId} className="mt-1 block text-xs font-normal text-slate-600">
                    {f.hint}
                  </span>
                ) : null}
                {error ? (
                  <span id={errorId} className="mt-1 block text-xs font-normal text-red-700" data-testid="field-error">
                    {error}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {props.confirm && asking ? (
        <div role="alertdialog" aria-labelledby={`${id}-q`} className="rounded-lg border border-red-200 bg-red-50 p-3">
          <p id={`${id}-q`} className="text-sm text-red-900">
            {props.confirm}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button ref={confirmRef} type="submit" disabled={pending} className={`${button} ${tone}`}>
              {pending ? props.pendingLabel : `Yes, ${props.submitLabel.toLowerCase()}`}
            </button>
            <button
              type="button"
              disabled={pending}
              onClick={() => setAsking(false)}
              className={`${button} ${TONES.plain}`}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : props.confirm ? (
        <button type="button" onClick={() => setAsking(true)} className={`${button} ${tone}`}>
          {props.submitLabel}
        </button>
      ) : (
        <button type="submit" disabled={pending} className={`${button} ${tone}`}>
          {pending ? props.pendingLabel : props.submitLabel}
        </button>
      )}
      {state.status !== "idle" && state.message ? (
        <p
          role={state.status === "error" ? "alert" : "status"}
          className={`text-sm ${state.status === "error" ? "text-red-700" : "text-emerald-800"}`}
        >
          {state.message}
        </p>
      ) : null}
      {state.secret ? <Secret label={props.secretLabel ?? "Copy it now"} value={state.secret} /> : null}
    </form>
  );
}

function Secret({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="secret">
      <label htmlFor={id} className="block text-sm font-semibold text-amber-950">
        {label} (shown only once)
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-60 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-xs"
        />
        <button
          type="button"
          className={`${button} ${TONES.plain}`}
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
