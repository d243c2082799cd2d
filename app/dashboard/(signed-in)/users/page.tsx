import type { Metadata } from "next";
import { ActionForm } from "@/components/dashboard/action-form";
import { Section } from "@/components/dashboard/section";
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
      <Section
        title="Invite a user"
        intro="There is no mail server: you get a one-time link to send them. It lets them set a password."
      >
        <ActionForm
          action={inviteAction}
          testId="invite-form"
          fields={[{ name: "email", label: "E-mail", type: "email", inputMode: "email", required: true }]}
          submitLabel="Create invite link"
          pendingLabel="Creating…"
          secretLabel="Invite link"
        />
      </Section>
      <Section title="Users">
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
      </Section>
      <Section
        title="Your sessions"
        intro="Signs you out on every device and browser, this one included: each session ends at its next request."
      >
        <ActionForm
          action={signOutEverywhereAction}
          submitLabel="Sign out everywhere"
          pendingLabel="Signing out…"
          tone="danger"
          confirm="Sign out on every device, this one included?"
        />
      </Section>
    </div>
  );
}
