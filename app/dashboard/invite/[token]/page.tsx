import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/dashboard/action-form";
import { findOpenInvite } from "@/lib/auth/invites";
import { db } from "@/lib/db/prisma";
import { acceptInviteAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Join the dashboard" };

type Props = { params: Promise<{ token: string }> };

// The one-time invite link: set a password and join the organisation's dashboard.
export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  const invite = await findOpenInvite(token);
  const organisation = invite
    ? await db().organisation.findUnique({ where: { id: invite.organisationId }, select: { name: true } })
    : null;

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Payrail</p>
      <h1 className="mt-1 text-2xl font-bold">Join the merchant dashboard</h1>
      {invite ? (
        <div className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-700">
            You were invited to <strong>{organisation?.name}</strong> as <strong>{invite.email}</strong>. Choose a
            password (at least 10 characters).
          </p>
          <ActionForm
            action={acceptInviteAction}
            hidden={{ token }}
            fields={[
              { name: "password", label: "Password", type: "password", autoComplete: "new-password", required: true },
              {
                name: "confirm",
                label: "Password again",
                type: "password",
                autoComplete: "new-password",
                required: true,
              },
            ]}
            submitLabel="Set password and sign in"
            pendingLabel="Setting up…"
          />
        </div>
      ) : (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6" role="alert">
          <p className="text-sm text-slate-700">This invite link was used already, has expired or is not valid.</p>
          <Link href="/dashboard/login" className="mt-3 inline-block text-sm font-medium text-indigo-700 underline">
            Sign in
          </Link>
        </div>
      )}
    </main>
  );
}
