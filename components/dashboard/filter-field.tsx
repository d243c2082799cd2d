import type { ReactNode } from "react";

const INPUT =
  "mt-1 block w-full rounded-lg border bg-white px-2 py-1.5 text-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none";

/** The props of a filter's input: its value as typed (`raw`), and its reason wired to the field. */
export function filterInputProps(
  name: string,
  raw: Record<string, string | undefined>,
  errors: Record<string, string>,
) {
  return {
    id: `f-${name}`,
    name,
    defaultValue: raw[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `f-${name}-error` : undefined,
    className: `${INPUT} ${errors[name] ? "border-red-500" : "border-slate-300"}`,
  };
}

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
