import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The dashboard's "Not found" (a page, transaction or request that does not exist, or is another
 * organisation's): said inside the dashboard, with its navigation, not as the shopper's page.
 * `note` says why an item of that kind can be gone; `links` lead back to where such items are.
 */
export function NotFoundNotice({ note, links = [] }: { note?: ReactNode; links?: { href: string; label: string }[] }) {
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold">Not found</h1>
      <p className="mt-3 text-slate-600">
        Nothing here belongs to your organisation. The link may be mistyped, or the item may have been removed
        {note ? <> ({note})</> : null}.
      </p>
      <div className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
        {[
          ...links,
          { href: "/dashboard/transactions", label: "Transactions" },
          { href: "/dashboard", label: "Overview" },
        ].map((l) => (
          <Link key={l.href} href={l.href} className="text-indigo-700 hover:underline">
            {l.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
