"use server";

import { recordAudit } from "@/lib/auth/audit";
import { acceptInvite } from "@/lib/auth/invites";
import { signIn } from "@/lib/auth/next-auth";
import { type ActionState, errorState, field } from "@/lib/dashboard/action-state";

/** Sets the invited person's password (the link works once), then signs them in. */
export async function acceptInviteAction(_: ActionState, form: FormData): Promise<ActionState> {
  const password = field(form, "password");
  if (password !== field(form, "confirm")) {
    return {
      status: "error",
      message: "Please correct the marked fields.",
      fields: { confirm: "Does not match the password" },
    };
  }
  let joined: Awaited<ReturnType<typeof acceptInvite>>;
  try {
    joined = await acceptInvite({ token: field(form, "token"), password });
  } catch (err) {
    return errorState(err);
  }
  await recordAudit({
    organisationId: joined.organisationId,
    userId: joined.user,
    actor: joined.email,
    action: "user.join",
    target: joined.invite,
  });
  await signIn("credentials", { email: joined.email, password, redirectTo: "/dashboard" });
  return { status: "ok" };
}
