import type { ReactNode } from "react";

/** A white card with a small uppercase heading: the building block of every dashboard page. */
export function Section({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid={testId}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      {intro ? <div className="text-sm text-slate-600">{intro}</div> : null}
      {children}
    </section>
  );
}
