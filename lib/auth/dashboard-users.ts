import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/prisma";
import { isUuid } from "@/lib/schemas/common";

export const DashboardUserSchema = z.strictObject({
  organisation: z.uuid("Expected an organisation id"),
  email: z
    .email("Expected an e-mail address")
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(10, "At least 10 characters").max(200),
});

/** Adds a dashboard login for an organisation (`npm run merchant -- user ...`). */
export async function createDashboardUser(input: z.input<typeof DashboardUserSchema>) {
  const { organisation, email, password } = parseInput(DashboardUserSchema, input, "dashboard_user");
  const org = isUuid(organisation)
    ? await db().organisation.findUnique({ where: { id: organisation }, select: { id: true } })
    : null;
  if (!org) throw ApiError.notFound("organisation", organisation);
  if (await db().dashboardUser.findUnique({ where: { email }, select: { id: true } })) {
    throw ApiError.validation("dashboard_user", { email: "Already has a login" });
  }
  const user = await db().dashboardUser.create({
    data: { id: randomUUID(), organisationId: organisation, email, passwordHash: await hashPassword(password) },
  });

  return { user: user.id, organisation, email };
}

/** The user for a sign-in, or null (same answer for an unknown e-mail and a wrong password). */
export async function checkCredentials(email: string, password: string) {
  const user = await db().dashboardUser.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Hash anyway when the user is unknown, so the answer takes as long either way.
  const ok = await verifyPassword(
    password,
    user?.passwordHash ?? "scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  );
  return user && ok
    ? { id: user.id, email: user.email, organisationId: user.organisationId, sessionVersion: user.sessionVersion }
    : null;
}

/** The user's session version (null when the user is gone): sessions carrying another are refused. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  if (!isUuid(userId)) return null;
  const user = await db().dashboardUser.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** "Sign out everywhere": every session of the user, on every device, ends at its next request. */
export async function endAllSessions(userId: string): Promise<void> {
  await db().dashboardUser.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

/** The organisation's dashboard users, oldest first. */
export function listDashboardUsers(organisationId: string) {
  return db().dashboardUser.findMany({
    where: { organisationId },
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, createdAt: true },
  });
}
