"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/auth/audit";
import { endAllSessions } from "@/lib/auth/dashboard-users";
import { createInvite } from "@/lib/auth/invites";
import { requireDashboardUser, signOut } from "@/lib/auth/next-auth";
import { type ActionState, errorState, field } from "@/lib/dashboard/action-state";

export async function inviteAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const values = { email: field(form, "email") };
  let invite: Awaited<ReturnType<typeof createInvite>>;
  try {
    invite = await createInvite({ organisation: user.organisationId, email: values.email }, user.userId);
  } catch (err) {
    return errorState(err, values);
  }
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: "user.invite",
    target: invite.invite,
    details: { email: invite.email },
  });
  revalidatePath("/dashboard/users");
  return {
    status: "ok",
    message: `Invite for ${invite.email} created. Send them this link; it works once, until ${invite.expires_at.slice(0, 10)}.`,
    secret: invite.url,
  };
}

export async function signOutEverywhereAction(): Promise<ActionState> {
  const user = await requireDashboardUser();
  await endAllSessions(user.userId);
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: "user.sign_out_everywhere",
    target: user.userId,
  });
  await signOut({ redirectTo: "/dashboard/login" });
  return { status: "ok" };
}
