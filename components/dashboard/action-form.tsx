"use client";

import { type ReactNode, useActionState, useEffect, useId, useRef, useState } from "react";
import { useAnnounce } from "@/components/dashboard/notices";
import { SubmitButton } from "@/components/dashboard/submit-button";
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
  /** A select of these values (with an empty "Choose…" first) instead of a text input. */
  options?: readonly string[];
};

/** Fields grouped under a legend (e.g. one step of a timeline). */
type FieldGroup = { legend: string; fields: FormField[] };

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  /** Hidden inputs (e.g. the transaction id). */
  hidden?: Record<string, string>;
  fields?: FormField[];
  groups?: FieldGroup[];
  /** A heading above the form (h3) and a line under it. */
  title?: string;
  intro?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  /** A destructive action asks first: the question shown before it runs. */
  confirm?: string;
  /**
   * Checks what was typed before asking (a client component's function): reasons by field name,
   * shown as the server's would be and nothing asked; or the question naming what will happen
   * (e.g. the amount). The server action still checks everything.
   */
  check?: (values: Record<string, string>) => { fields: Record<string, string> } | { question: string };
  tone?: "primary" | "danger" | "plain";
  /** What the shown-once secret is (e.g. "Your new API key"). */
  secretLabel?: string;
  testId?: string;
};

const TONES = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-700",
  danger: "bg-red-600 text-white hover:bg-red-700",
  plain: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
};
const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-70";

/**
 * A dashboard form bound to a server action: errors next to their field, a button that shows
 * progress, and (for destructive actions) a question first.
 */
export function ActionForm(props: Props) {
  const announce = useAnnounce();
  // The answer of the last run until this form has shown it. When the answer removes the form
  // (void, revoke, a full refund), the form never shows it: the unmount hands it to the page.
  const unshown = useRef<ActionState | null>(null);
  const [state, formAction, pending] = useActionState(
    async (prev: ActionState, form: FormData) => {
      const next = await props.action(prev, form);
      unshown.current = next;
      return next;
    },
    { status: "idle" } as ActionState,
  );
  // The question while it is shown (the fields are locked meanwhile, so what runs is what it names).
  const [asking, setAsking] = useState<{ question: string; values: Record<string, string> } | null>(null);
  // Reasons found before asking (props.check), shown instead of the last answer until the values pass.
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const wasAsking = useRef(false);
  const tone = TONES[props.tone ?? "primary"];
  const names = new Set([...(props.fields ?? []), ...(props.groups ?? []).flatMap((g) => g.fields)].map((f) => f.name));
  // Reasons for no field of this form go with the message, as written: the action words them as
  // sentences (the timeline's "Fill in at least one step: …"), so no field name goes before them.
  const errors = checked ?? state.fields ?? {};
  const unmatched = checked ? [] : Object.entries(state.fields ?? {}).filter(([name]) => !names.has(name));
  const asks = Boolean(props.confirm || props.check);

  // The button (or Enter in a field) asks first: the typed values are checked, then named in the question.
  const ask = () => {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
    const result = props.check?.(values) ?? { question: props.confirm ?? "" };
    if ("fields" in result) {
      setChecked(result.fields);
      const first = Object.keys(result.fields)[0];
      // After the render that marks it: the first refused field takes the focus.
      requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    setChecked(null);
    setAsking({ question: result.question, values });
  };

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    // "Keep it" (or the end of a run) removes the question: the focus goes back to its button.
    else if (wasAsking.current && (!document.activeElement || document.activeElement === document.body))
      askRef.current?.focus();
    wasAsking.current = Boolean(asking);
  }, [asking]);
  useEffect(() => {
    if (!pending) setAsking(null);
  }, [pending]);
  useEffect(() => {
    // Shown here: nothing to hand over. A result whose button went away takes the focus itself.
    unshown.current = null;
    if (state.status !== "idle" && (!document.activeElement || document.activeElement === document.body))
      messageRef.current?.focus();
  }, [state]);
  useEffect(
    () => () => {
      const last = unshown.current;
      if (last?.status === "ok" && last.message) announce(last.message);
    },
    [announce],
  );

  const form = (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(e) => {
        // Enter in a field submits the form: a form that asks first asks, as its button does; a
        // second Enter while its question is shown (or its action runs) does nothing.
        if (asks && !asking) {
          e.preventDefault();
          if (!pending) ask();
        } else if (pending) e.preventDefault();
      }}
      onKeyDown={(e) => {
        // While the question is shown, Enter in a (locked) field is not the answer: only the buttons are.
        if (asking && e.key === "Enter" && e.target instanceof HTMLInputElement) e.preventDefault();
      }}
      className="space-y-3"
      data-testid={props.testId}
      noValidate
    >
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.fields?.length ? (
        <Fields id={id} fields={props.fields} state={state} errors={errors} locked={asking?.values} />
      ) : null}
      {props.groups?.map((g) => (
        <fieldset key={g.legend} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-700">{g.legend}</legend>
          <Fields id={id} fields={g.fields} state={state} errors={errors} locked={asking?.values} />
        </fieldset>
      ))}
      {asks && asking ? (
        <div role="alertdialog" aria-labelledby={`${id}-q`} className="rounded-lg border border-red-200 bg-red-50 p-3">
          <p id={`${id}-q`} className="text-sm text-red-900">
            {asking.question}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <SubmitButton
              ref={confirmRef}
              label={`Yes, ${props.submitLabel.toLowerCase()}`}
              pendingLabel={props.pendingLabel}
              className={`${button} ${tone}`}
            />
            <button
              type="button"
              disabled={pending}
              onClick={() => setAsking(null)}
              className={`${button} ${TONES.plain}`}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : asks ? (
        // A submit button, so that Enter in a field asks too (the form's onSubmit asks instead of running).
        <button ref={askRef} type="submit" className={`${button} ${tone}`}>
          {props.submitLabel}
        </button>
      ) : (
        <SubmitButton label={props.submitLabel} pendingLabel={props.pendingLabel} className={`${button} ${tone}`} />
      )}
      {state.status !== "idle" && state.message && !checked ? (
        <p
          ref={messageRef}
          tabIndex={-1}
          role={state.status === "error" ? "alert" : "status"}
          className={`text-sm outline-none ${state.status === "error" ? "text-red-700" : "text-emerald-800"}`}
        >
          {state.message}
          {unmatched.length ? (
            <span className="mt-1 block" data-testid="form-error">
              {unmatched.map(([, reason]) => reason).join(" ")}
            </span>
          ) : null}
        </p>
      ) : null}
      {state.secret ? <Secret label={props.secretLabel ?? "Copy it now"} value={state.secret} /> : null}
    </form>
  );
  if (!props.title) return form;
  return (
    <div>
      <h3 className="mb-2 font-semibold">{props.title}</h3>
      {props.intro ? <div className="mb-2 text-sm text-slate-600">{props.intro}</div> : null}
      {form}
    </div>
  );
}

const control = "mt-1 block w-full rounded-lg border px-3 py-2 focus:ring-2 focus:ring-indigo-500 focus:outline-none";

/**
 * Inputs with their label, hint and error (the API's reason for that field, or the form's own
 * check) under each. `locked`: the values being asked about; the fields are read-only meanwhile
 * (a select is disabled, its value sent by a hidden input).
 */
function Fields({
  id,
  fields,
  state,
  errors,
  locked,
}: {
  id: string;
  fields: FormField[];
  state: ActionState;
  errors: Record<string, string>;
  locked?: Record<string, string>;
}) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      {fields.map((f) => {
        const error = errors[f.name];
        const inputId = `${id}-${f.name}`;
        const errorId = `${inputId}-error`;
        const hintId = `${inputId}-hint`;
        const common = {
          id: inputId,
          name: f.name,
          defaultValue: state.values?.[f.name],
          required: f.required,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": [error ? errorId : "", f.hint ? hintId : ""].filter(Boolean).join(" ") || undefined,
          className: `${control} ${error ? "border-red-500" : "border-slate-300"} ${locked ? "bg-slate-100 text-slate-700" : "bg-white"}`,
        };
        return (
          <div key={f.name} className="min-w-0 flex-1 basis-48 text-sm font-medium text-slate-700">
            <label htmlFor={inputId}>{f.label}</label>
            {f.options ? (
              // The key resets the select to the submitted value after a refused submit.
              <>
                <select key={state.values?.[f.name] ?? ""} {...common} disabled={locked ? true : undefined}>
                  <option value="">Choose…</option>
                  {f.options.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
                {locked ? <input type="hidden" name={f.name} value={locked[f.name] ?? ""} /> : null}
              </>
            ) : (
              <input
                {...common}
                type={f.type ?? "text"}
                inputMode={f.inputMode}
                placeholder={f.placeholder}
                autoComplete={f.autoComplete ?? "off"}
                readOnly={locked ? true : undefined}
              />
            )}
            {f.hint ? (
              <span id={hintId} className="mt-1 block text-xs font-normal text-slate-600" data-testid="field-hint">
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
