"use client";

import { type ComponentProps, useEffect, useRef, useState } from "react";

type SubmitEvent = Parameters<NonNullable<ComponentProps<"form">["onSubmit"]>>[0];

/**
 * How long a sent form stays busy when no page arrives (a stalled network, the shopper pressed
 * Stop): then it can be sent again. The server claims the payment before deciding, so a second
 * post never pays twice; it is answered "already completed".
 */
const BUSY_FOR_MS = 20_000;

/**
 * The form of a hosted payment page. Once sent, it is busy until the next page arrives: a second
 * press (Cancel right after Pay, a double click, Enter again) sends nothing, its buttons say so
 * (aria-disabled; the pressed one shows a spinner), its text fields are read-only, and a status
 * message tells screen readers. Nothing is `disabled`: a disabled submitter would drop its value
 * from the post, and the pressed button keeps the keyboard focus. `onSubmit` runs first; when it
 * prevents the post (the card form's own checks), the form stays as it was.
 */
export function HostedForm({ onSubmit, children, ref, ...props }: ComponentProps<"form">) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !busy) return;
    const fields = [...form.querySelectorAll<HTMLInputElement>("input:not([type=hidden]):not([readonly])")];
    const buttons = [...form.querySelectorAll("button")];
    for (const f of fields) f.readOnly = true;
    for (const b of buttons) b.setAttribute("aria-disabled", "true");
    const done = () => setBusy(false);
    const timer = setTimeout(done, BUSY_FOR_MS);
    // Back to this page from the browser's page cache: usable again.
    const onShow = (e: PageTransitionEvent) => e.persisted && done();
    window.addEventListener("pageshow", onShow);

    return () => {
      clearTimeout(timer);
      window.removeEventListener("pageshow", onShow);
      for (const f of fields) f.readOnly = false;
      for (const b of buttons) {
        b.removeAttribute("aria-disabled");
        b.removeAttribute("data-submitting");
      }
    };
  }, [busy]);

  const submit = (e: SubmitEvent) => {
    if (busy) {
      e.preventDefault();
      return;
    }
    onSubmit?.(e);
    if (e.defaultPrevented) return;
    (e.nativeEvent as globalThis.SubmitEvent).submitter?.setAttribute("data-submitting", "");
    setBusy(true);
  };
  const setRefs = (node: HTMLFormElement | null) => {
    formRef.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <form {...props} ref={setRefs} onSubmit={submit} aria-busy={busy || undefined} data-busy={busy || undefined}>
      {children}
      <p role="status" className="sr-only">
        {busy ? "Processing, please wait…" : ""}
      </p>
    </form>
  );
}
