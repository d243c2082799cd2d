"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

// Sections of the dashboard, in the order shown (the browser tests read this list to check every
// page: axe, 390 px, screenshots).
const LINKS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/transactions", label: "Transactions" },
  { href: "/dashboard/developers/api-keys", label: "API keys" },
  { href: "/dashboard/developers/webhooks", label: "Webhooks" },
  { href: "/dashboard/developers/events", label: "Events" },
  { href: "/dashboard/developers/requests", label: "Request log" },
  { href: "/dashboard/users", label: "Users" },
  { href: "/dashboard/audit", label: "Audit" },
  { href: "/dashboard/settings", label: "Settings" },
];

export function DashboardNav() {
  const path = usePathname();
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200 bg-white">
      {/* Every section always visible: the links wrap onto another row rather than scroll sideways
          (a phone has rows; from md up, a little less padding keeps them in one row at 768 px). */}
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-3 sm:px-6 md:gap-x-0.5">
        {LINKS.map((l) => {
          const current = l.href === "/dashboard" ? path === l.href : path.startsWith(l.href);
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={current ? "page" : undefined}
                className={`block border-b-2 px-3 py-2.5 text-sm md:px-2.5 lg:px-3 font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600 ${current ? "border-indigo-600 text-indigo-800" : "border-transparent text-slate-700 hover:text-slate-900"}`}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
