import Link from "next/link";
import type { ReactNode } from "react";
import { recordAudit } from "@/lib/auth/audit";
import { dashboardUser, requireDashboardOrganisation, signOut } from "@/lib/auth/next-auth";
import { db } from "@/lib/db/prisma";
import { NoticeProvider } from "@/components/dashboard/notices";
import { DashboardNav } from "./nav";

export const dynamic = "force-dynamic";

async function logout() {
  "use server";
  const user = await dashboardUser();
  if (user) {
    await recordAudit({
      organisationId: user.organisationId,
      userId: user.userId,
      actor: user.email,
      action: "session.sign_out",
      target: user.userId,
    });
  }
  await signOut({ redirectTo: "/dashboard/login" });
}

// Every dashboard page needs a signed-in user; what it shows is scoped to the user's organisation.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const organisationId = await requireDashboardOrganisation();
  const organisation = await db().organisation.findUnique({ where: { id: organisationId }, select: { name: true } });

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-6">
          <div className="flex items-center gap-3 sm:gap-6">
            <Link href="/dashboard" className="font-bold text-slate-900">
              Payrail <span className="font-normal text-slate-600">dashboard</span>
            </Link>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Sandbox</span>
          </div>
          <div className="flex min-w-0 items-center gap-4 text-sm">
            <span className="max-w-[14rem] truncate text-slate-700 sm:max-w-xs" data-testid="organisation">
              {organisation?.name}
            </span>
            <form action={logout}>
              {/* A 44 px tap target on a phone; from sm up 32 px, its row as high as before (WCAG 2.5.8: ≥ 24 px). */}
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded px-1 font-medium whitespace-nowrap text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 sm:-my-1.5 sm:min-h-8"
              >
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <DashboardNav />
      <main id="main" className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-8">
        <NoticeProvider>{children}</NoticeProvider>
      </main>
    </div>
  );
}
