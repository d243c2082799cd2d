"use server";

import { endAllSessions } from "@/lib/auth/dashboard-users";
import { createInvite, InviteSchema } from "@/lib/auth/invites";
import { signOut } from "@/lib/auth/next-auth";
import { type ActionState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import { EmptySchema } from "@/lib/schemas/transaction";

const EmailSchema = InviteSchema.pick({ email: true });

export async function inviteAction(_: ActionState, form: FormData): Promise<ActionState> {
  const values = { email: field(form, "email") };
  return auditedAction({
    action: "user.invite",
    schema: EmailSchema,
    input: values,
    values,
    run: ({ email }, user) => createInvite({ organisation: user.organisationId, email }, user.userId),
    done: (invite) => ({
      target: invite.invite,
      details: { email: invite.email },
      message: `Invite for ${invite.email} created. Send them this link; it works once, until ${invite.expires_at.slice(0, 10)}.`,
      secret: invite.url,
    }),
    revalidate: ["/dashboard/users"],
  });
}

export async function signOutEverywhereAction(): Promise<ActionState> {
  const state = await auditedAction({
    action: "user.sign_out_everywhere",
    schema: EmptySchema,
    input: {},
    run: (_d, user) => endAllSessions(user.userId),
    done: (_r, _d, user) => ({ target: user.userId, message: "Signed out everywhere." }),
  });
  if (state.status === "ok") await signOut({ redirectTo: "/dashboard/login" });
  return state;
}
