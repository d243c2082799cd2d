"use client";

import { useActionState, useId, useState } from "react";
import type { ActionState } from "@/lib/dashboard/action-state";
import { BusySubmitButton } from "@/components/dashboard/busy-submit-button";

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-70";

/** The signing secret, hidden (its first characters only) until Reveal asks the server for it (audited). */
export function WebhookSecret({
  action,
  profileId,
  hint,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  profileId: string;
  hint: string;
}) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as ActionState);
  const [hidden, setHidden] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = useId();
  const shown = state.secret && !hidden ? state.secret : null;

  return (
    <form action={formAction} onSubmit={() => setHidden(false)} className="space-y-2" data-testid="secret-form">
      <input type="hidden" name="id" value={profileId} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Signing secret
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={shown ?? `${hint}••••••••••••••••`}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="signing-secret"
          className="min-w-0 flex-1 basis-60 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
        />
        {shown ? (
          <>
            <button
              type="button"
              className={button}
              onClick={async () => {
                await navigator.clipboard?.writeText(shown).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
            <button type="button" className={button} onClick={() => setHidden(true)}>
              Hide
            </button>
          </>
        ) : (
          <BusySubmitButton busy={pending} className={button}>
            {pending ? "Revealing…" : "Reveal"}
          </BusySubmitButton>
        )}
      </div>
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
