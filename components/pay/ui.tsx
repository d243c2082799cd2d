import type { ReactNode } from "react";

/**
 * A labelled field. With `htmlFor` (the control's id) only the label text names the control, so
 * what else the field shows (a card brand, an error message, which the control refers to with
 * aria-describedby) is not read out as part of its name.
 */
export function Field({
  label,
  hint,
  htmlFor,
  children,
}: {
  label: string;
  hint?: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  if (htmlFor)
    return (
      <div>
        <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="mt-1">{children}</div>
        {hint ? <span className="mt-1 block text-xs text-slate-500">{hint}</span> : null}
      </div>
    );
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is passed in as children, inside the label
    <label className="block">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="mt-1">{children}</div>
      {hint ? <span className="mt-1 block text-xs text-slate-500">{hint}</span> : null}
    </label>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none aria-invalid:border-red-500 aria-invalid:focus:border-red-500 aria-invalid:focus:ring-red-500";

export function PrimaryButton({ outcome, children }: { outcome: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="outcome"
      value={outcome}
      className="w-full rounded-lg bg-indigo-600 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-500 focus:ring-2 focus:ring-indigo-300 focus:outline-none"
    >
      {children}
    </button>
  );
}

export function SecondaryButton({
  outcome,
  children,
  formNoValidate = true,
}: {
  outcome: string;
  children: ReactNode;
  formNoValidate?: boolean;
}) {
  return (
    <button
      type="submit"
      name="outcome"
      value={outcome}
      formNoValidate={formNoValidate}
      className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:ring-2 focus:ring-slate-200 focus:outline-none"
    >
      {children}
    </button>
  );
}

export function CancelButton() {
  return (
    <button
      type="submit"
      name="outcome"
      value="cancel"
      formNoValidate
      className="w-full py-2 text-sm font-medium text-slate-500 underline-offset-2 hover:text-slate-700 hover:underline"
    >
      Cancel payment and return to the shop
    </button>
  );
}

/** The id of a hosted page's error message: the field it is about names it in aria-describedby. */
export const PAGE_ERROR_ID = "pay-error";

export function Alert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}
