"use client";

import { useActionState, useId } from "react";
import type { ActionState } from "@/lib/dashboard/action-state";
import { BusySubmitButton } from "@/components/dashboard/busy-submit-button";

type Chaos = {
  enabled?: boolean;
  delay_ms?: { min?: number; max?: number };
  duplicate_rate?: number;
  reorder_window_ms?: number;
  fail_first_attempts?: number;
  bad_signature_rate?: number;
} | null;

type Props = {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  profile: { id: string; webhook_transaction_update: string; enabled_products: string[]; webhook_chaos: Chaos };
  products: { id: string; label: string }[];
};

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-70";

/**
 * A payment profile's webhook settings: URL, enabled products, chaos mode. Sent to the same
 * service (and zod schema) as PATCH /v1/payment-profile/<id>; its reasons appear next to the field.
 */
export function WebhookProfileForm({ action, profile, products }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as ActionState);
  const id = useId();
  const c = profile.webhook_chaos;
  // What was submitted (kept after an answer: React resets the form), else the saved settings.
  const v = (name: string, saved: string) => state.values?.[name] ?? saved;
  const enabled = state.values ? state.values.enabled_products.split(",") : profile.enabled_products;
  const chaosOn = state.values ? state.values["webhook_chaos.enabled"] === "on" : Boolean(c?.enabled ?? c);

  const input = (name: string, label: string, saved: string, opts: { hint?: string; mode?: "url" | "number" } = {}) => {
    const error = state.fields?.[name];
    const inputId = `${id}-${name}`;
    return (
      <div
        key={`${name}-${saved}-${state.values?.[name] ?? ""}`}
        className="min-w-0 flex-1 basis-40 text-sm font-medium text-slate-700"
      >
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          name={name}
          type={opts.mode === "url" ? "url" : "text"}
          inputMode={opts.mode === "number" ? "decimal" : undefined}
          defaultValue={v(name, saved)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [error ? `${inputId}-error` : "", opts.hint ? `${inputId}-hint` : ""].filter(Boolean).join(" ") || undefined
          }
          className={`mt-1 block w-full rounded-lg border px-3 py-2 focus:ring-2 focus:ring-indigo-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
        />
        {opts.hint ? (
          <span id={`${inputId}-hint`} className="mt-1 block text-xs font-normal text-slate-600">
            {opts.hint}
          </span>
        ) : null}
        {error ? (
          <span
            id={`${inputId}-error`}
            className="mt-1 block text-xs font-normal text-red-700"
            data-testid="field-error"
          >
            {error}
          </span>
        ) : null}
      </div>
    );
  };
  const num = (n: number | undefined) => (n === undefined || n === null ? "" : String(n));
  const productsError = state.fields?.enabled_products ?? state.fields?.["enabled_products.0"];
  const chaosError = state.fields?.webhook_chaos;

  return (
    <form action={formAction} className="space-y-5" data-testid="profile-form" noValidate>
      <input type="hidden" name="id" value={profile.id} />
      {input("webhook_transaction_update", "Webhook URL", profile.webhook_transaction_update, {
        mode: "url",
        hint: "Where events are sent (http or https). Empty: events are recorded but not sent.",
      })}
      <fieldset
        className="min-w-0"
        aria-describedby={productsError ? `${id}-products-error` : undefined}
        aria-invalid={productsError ? true : undefined}
      >
        <legend className="text-sm font-medium text-slate-700">Enabled products</legend>
        <div className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <label
              key={`${p.id}-${enabled.includes(p.id)}`}
              className="flex min-h-8 items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="checkbox"
                name="enabled_products"
                value={p.id}
                defaultChecked={enabled.includes(p.id)}
                className="h-4 w-4 accent-indigo-600"
              />
              {p.label} <code className="text-xs text-slate-600">{p.id}</code>
            </label>
          ))}
        </div>
        {productsError ? (
          <span id={`${id}-products-error`} className="mt-1 block text-xs text-red-700" data-testid="field-error">
            {productsError}
          </span>
        ) : null}
      </fieldset>
      <fieldset className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Chaos mode</legend>
        <label key={`chaos-${chaosOn}`} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="webhook_chaos.enabled"
            defaultChecked={chaosOn}
            className="h-4 w-4 accent-indigo-600"
          />
          Deliveries misbehave on purpose (never changes a transaction)
        </label>
        <div className="flex flex-wrap items-start gap-3">
          {input("webhook_chaos.delay_ms.min", "Delay min (ms)", num(c?.delay_ms?.min), { mode: "number" })}
          {input("webhook_chaos.delay_ms.max", "Delay max (ms)", num(c?.delay_ms?.max), { mode: "number" })}
          {input("webhook_chaos.reorder_window_ms", "Reorder window (ms)", num(c?.reorder_window_ms), {
            mode: "number",
          })}
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {input("webhook_chaos.duplicate_rate", "Duplicates (share 0–1)", num(c?.duplicate_rate), {
            mode: "number",
          })}
          {input("webhook_chaos.fail_first_attempts", "Fail first N attempts", num(c?.fail_first_attempts), {
            mode: "number",
          })}
          {input("webhook_chaos.bad_signature_rate", "Bad signatures (share 0–1)", num(c?.bad_signature_rate), {
            mode: "number",
          })}
        </div>
        {chaosError ? (
          <span className="block text-xs text-red-700" data-testid="field-error">
            {chaosError}
          </span>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <BusySubmitButton busy={pending} className={button}>
          {pending ? "Saving…" : "Save webhook settings"}
        </BusySubmitButton>
        {state.status !== "idle" && state.message ? (
          <p
            role={state.status === "error" ? "alert" : "status"}
            className={`text-sm ${state.status === "error" ? "text-red-700" : "text-emerald-800"}`}
          >
            {state.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
