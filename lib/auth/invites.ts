import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { hashPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/schemas/common";
import { DashboardUserSchema } from "@/lib/auth/dashboard-users";

/** How long an invite link works. */
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const InviteSchema = DashboardUserSchema.pick({ organisation: true, email: true });
export const AcceptInviteSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not an invite link"),
  password: DashboardUserSchema.shape.password,
});

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Invites a person to an organisation's dashboard: returns a one-time link (there is no mail
 * server; the CLI prints it, the dashboard shows it once) that lets them set a password. Inviting
 * the same address again replaces its open link.
 */
export async function createInvite(input: z.input<typeof InviteSchema>, invitedBy: string | null = null) {
  const { organisation, email } = parseInput(InviteSchema, input, "invite");
  const org = isUuid(organisation)
    ? await db().organisation.findUnique({ where: { id: organisation }, select: { id: true } })
    : null;
  if (!org) throw ApiError.notFound("organisation", organisation);
  if (await db().dashboardUser.findUnique({ where: { email }, select: { id: true } })) {
    throw ApiError.validation("invite", { email: "Already has a login" });
  }
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  // A new link for the same address replaces the open one: one link per person, the newest.
  const [, invite] = await db().$transaction([
    db().dashboardInvite.updateMany({
      where: { organisationId: organisation, email, acceptedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    }),
    db().dashboardInvite.create({
      data: {
        id: randomUUID(),
        organisationId: organisation,
        email,
        tokenHash: hashToken(token),
        invitedBy,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      },
    }),
  ]);

  return {
    invite: invite.id,
    organisation,
    email,
    url: `${env().BASE_URL}/dashboard/invite/${token}`,
    expires_at: invite.expiresAt.toISOString(),
  };
}

/** The invite behind a link, if it is still open. */
export async function findOpenInvite(token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const invite = await db().dashboardInvite.findUnique({ where: { tokenHash: hashToken(token) } });
  return invite && !invite.acceptedAt && invite.expiresAt > new Date() ? invite : null;
}

/** Sets the invited person's password: creates the login and spends the link (once). */
export async function acceptInvite(input: z.input<typeof AcceptInviteSchema>) {
  const { token, password } = parseInput(AcceptInviteSchema, input, "invite");
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx) => {
    const { count } = await tx.dashboardInvite.updateMany({
      where: { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date() },
    });
    if (count !== 1) throw ApiError.validation("invite", { token: "This link was used already or has expired" });
    const invite = await tx.dashboardInvite.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    if (await tx.dashboardUser.findUnique({ where: { email: invite.email }, select: { id: true } })) {
      throw ApiError.validation("invite", { token: "This e-mail address already has a login" });
    }
    const user = await tx.dashboardUser.create({
      data: { id: randomUUID(), organisationId: invite.organisationId, email: invite.email, passwordHash },
    });
    // Other open links for this address can never be used now (one login per address): closed.
    await tx.dashboardInvite.updateMany({
      where: { email: invite.email, acceptedAt: null, expiresAt: { gt: new Date() } },
      data: { expiresAt: new Date() },
    });
    return { user: user.id, organisationId: invite.organisationId, email: invite.email, invite: invite.id };
  });
}
