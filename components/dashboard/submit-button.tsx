"use client";

import type { Ref } from "react";
import { useFormStatus } from "react-dom";

/** A form's submit button that shows progress while its form's action runs (useFormStatus). */
export function SubmitButton({
  label,
  pendingLabel,
  className,
  ref,
}: {
  label: string;
  pendingLabel: string;
  className: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { pending } = useFormStatus();
  return (
    <button ref={ref} type="submit" disabled={pending} aria-disabled={pending} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}
