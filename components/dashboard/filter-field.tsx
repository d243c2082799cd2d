import type { ReactNode } from "react";

/** A labelled filter of a list page (transactions, events, request log), its reason below it. */
export function FilterField({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 flex-1 basis-40 text-sm font-medium text-slate-700">
      <label htmlFor={`f-${name}`}>{label}</label>
      {children}
      {errors[name] ? (
        <span id={`f-${name}-error`} className="mt-1 block text-xs font-normal text-red-700" data-testid="field-error">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
}
