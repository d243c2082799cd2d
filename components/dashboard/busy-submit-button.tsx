"use client";

import type { ReactNode } from "react";

/**
 * A form's submit button while its action runs: only aria-disabled (a disabled button would drop
 * the keyboard focus to the page's start), and a press meanwhile is ignored.
 */
export function BusySubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
      }}
      className={className}
    >
      {children}
    </button>
  );
}
