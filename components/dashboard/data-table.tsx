import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/dashboard/scroll-region";

export type Column<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's header and cells (e.g. "hidden sm:table-cell", "text-right"). */
  className?: string;
  testId?: string;
};

type Props<T> = {
  /** The scrolling region's accessible name. */
  label: string;
  /** Said to screen readers (visually hidden). */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown across the table when there are no rows. */
  empty: string;
  testId?: string;
  /** "page": a list page's table in its own card; "inline": a small table inside a card. */
  variant?: "page" | "inline";
  className?: string;
};

const STYLES = {
  page: {
    region: "overflow-x-auto rounded-xl border border-slate-200 bg-white",
    table: "min-w-full text-sm",
    head: "bg-slate-50 text-left text-xs tracking-wide text-slate-600 uppercase",
    // Narrower on a phone: a reference, an amount and the longest status fit in 390 px.
    cell: "px-2 py-2 sm:px-3",
  },
  inline: {
    region: "overflow-x-auto",
    table: "min-w-full text-xs",
    head: "text-left text-slate-600",
    cell: "pr-3 py-0.5 font-normal",
  },
};

/**
 * The dashboard's one table for lists: a keyboard-scrollable region (wide tables on a phone), a
 * caption for screen readers, columns that may hide on small screens, and an empty-state row.
 */
export function DataTable<T>(props: Props<T>) {
  const s = STYLES[props.variant ?? "page"];
  return (
    <ScrollRegion label={props.label} className={s.region} outerClassName={props.className}>
      <table className={s.table}>
        <caption className="sr-only">{props.caption}</caption>
        <thead className={s.head}>
          <tr>
            {props.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
              <th key={i} scope="col" className={`${s.cell} ${c.className ?? ""}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={props.variant === "inline" ? "" : "divide-y divide-slate-100"} data-testid={props.testId}>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className={props.variant === "inline" ? "" : "hover:bg-slate-50"}>
              {props.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
                <td key={i} className={`${s.cell} ${c.className ?? ""}`} data-testid={c.testId}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length} className="px-4 py-8 text-center text-slate-600">
                {props.empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
