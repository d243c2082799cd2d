import type { Metadata } from "next";
import { ActionForm } from "@/components/dashboard/action-form";
import { requireDashboardUser } from "@/lib/auth/next-auth";
import { listDashboardUsers } from "@/lib/auth/dashboard-users";
import { db } from "@/lib/db/prisma";
import { inviteAction, signOutEverywhereAction } from "./actions";

export const metadata: Metadata = { title: "Users" };

const day = (d: Date) => d.toISOString().slice(0, 10);

// The organisation's dashboard users and open invites; invite someone; sign out everywhere.
export default async function UsersPage() {
  const me = await requireDashboardUser();
  const [users, invites] = await Promise.all([
    listDashboardUsers(me.organisationId),
    db().dashboardInvite.findMany({
      where: { organisationId: me.organisationId, acceptedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
      select: { id: true, email: true, expiresAt: true },
    }),
  ]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Users</h1>
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Invite a user</h2>
        <p className="mb-3 text-sm text-slate-600">
          There is no mail server: you get a one-time link to send them. It lets them set a password.
        </p>
        <ActionForm
          action={inviteAction}
          testId="invite-form"
          fields={[{ name: "email", label: "E-mail", type: "email", inputMode: "email", required: true }]}
          submitLabel="Create invite link"
          pendingLabel="Creating…"
          secretLabel="Invite link"
        />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Users</h2>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="break-all">
                {u.email} {u.id === me.userId ? <span className="text-slate-600">(you)</span> : null}
              </span>
              <span className="text-slate-600">since {day(u.createdAt)}</span>
            </li>
          ))}
          {invites.map((i) => (
            <li key={i.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="break-all">{i.email}</span>
              <span className="text-slate-600">invited, link open until {day(i.expiresAt)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Your sessions</h2>
        <p className="mb-3 text-sm text-slate-600">
          Signs you out on every device and browser, this one included: each session ends at its next request.
        </p>
        <ActionForm
          action={signOutEverywhereAction}
          submitLabel="Sign out everywhere"
          pendingLabel="Signing out…"
          tone="danger"
          confirm="Sign out on every device, this one included?"
        />
      </section>
    </div>
  );
}
