import Link from "next/link";
import type { ReactNode } from "react";
import { requireDashboardOrganisation, signOut } from "@/lib/auth/next-auth";
import { db } from "@/lib/db/prisma";

export const dynamic = "force-dynamic";

async function logout() {
  "use server";
  await signOut({ redirectTo: "/dashboard/login" });
}

// Every dashboard page needs a signed-in user; what it shows is scoped to the user's organisation.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const organisationId = await requireDashboardOrganisation();
  const organisation = await db().organisation.findUnique({ where: { id: organisationId }, select: { name: true } });

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3">
          <div className="flex items-center gap-6">
            <Link href="/dashboard" className="font-bold text-slate-900">
              Payrail <span className="font-normal text-slate-500">dashboard</span>
            </Link>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Sandbox</span>
          </div>
          <div className="flex items-center gap-4 text-sm">
            <span className="text-slate-600" data-testid="organisation">
              {organisation?.name}
            </span>
            <form action={logout}>
              <button type="submit" className="font-medium text-indigo-700 hover:underline">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
    </div>
  );
}
