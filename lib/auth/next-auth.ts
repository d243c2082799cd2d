import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { recordAudit } from "@/lib/auth/audit";
import { checkCredentials, currentSessionVersion } from "@/lib/auth/dashboard-users";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { env } from "@/lib/env";
import { clientAddress, recordSignInFailure, signInWait } from "@/lib/auth/sign-in-throttle";

/** Too many failed sign-ins for this account or address (lib/auth/sign-in-throttle.ts). */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
}

/**
 * Dashboard sessions: e-mail and password (scrypt) against dashboard_users, a signed JWT cookie
 * carrying the user's organisation. Configured lazily, so the settings are read at run time.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/dashboard/login" },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      authorize: async (c, request) => {
        const email = typeof c?.email === "string" ? c.email.slice(0, 320) : "";
        const password = typeof c?.password === "string" ? c.password : "";
        if (!email || !password || password.length > 200) return null;
        const address = clientAddress(request?.headers);
        if (signInWait(email, address) > 0) throw new SignInThrottled();
        const user = await checkCredentials(email, password);
        if (!user) recordSignInFailure(email, address);
        if (user) {
          await recordAudit({
            organisationId: user.organisationId,
            userId: user.id,
            actor: user.email,
            action: "session.sign_in",
            target: user.id,
          });
        }
        return user
          ? {
              id: user.id,
              email: user.email,
              organisationId: user.organisationId,
              sessionVersion: user.sessionVersion,
            }
          : null;
      },
    }),
  ],
  callbacks: {
    jwt: async ({ token, user }) => {
      if (user && "organisationId" in user) {
        token.organisationId = user.organisationId as string;
        token.userId = user.id;
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        return token;
      }
      // Every later request: a session older than the user's last "sign out everywhere" (or of a
      // user who is gone) is refused, and next-auth clears its cookie.
      const { unverified: _, ...checked } = token;
      if (typeof checked.userId !== "string") return null;
      try {
        const version = await currentSessionVersion(checked.userId);
        return version !== null && version === checked.sessionVersion ? checked : null;
      } catch (err) {
        // The database is out of reach: the session is neither accepted nor ended (which would
        // sign the user out over a blip); dashboardUser() says "unavailable" instead.
        if (isDatabaseUnavailable(err)) return { ...checked, unverified: true };
        throw err;
      }
    },
    session: ({ session, token }) => ({
      ...session,
      organisationId: token.organisationId as string,
      userId: token.userId as string,
      unverified: token.unverified === true,
    }),
  },
}));

export type DashboardUser = { organisationId: string; userId: string; email: string };

/** The signed-in user's session could not be checked: the database is out of reach. */
export class SessionUnverifiable extends Error {
  constructor() {
    super("the dashboard session could not be checked: the database is unavailable");
  }
}

/** The signed-in dashboard user, or null; throws SessionUnverifiable while the database is out of reach. */
export async function dashboardUser(): Promise<DashboardUser | null> {
  const session = (await auth()) as {
    organisationId?: string;
    userId?: string;
    unverified?: boolean;
    user?: { email?: string | null };
  } | null;
  if (session?.unverified) throw new SessionUnverifiable();
  if (!session?.organisationId || !session.userId) return null;
  return { organisationId: session.organisationId, userId: session.userId, email: session.user?.email ?? "" };
}

/** The signed-in dashboard user's organisation, or null. */
async function dashboardOrganisation(): Promise<string | null> {
  return (await dashboardUser())?.organisationId ?? null;
}

/**
 * The login, naming the page that was asked for (`callbackUrl`) so the user lands there after
 * signing in. proxy.ts sets the header on every dashboard request; the login page takes only a
 * path under /dashboard from it (lib/dashboard/return-path.ts), never another site.
 */
async function loginRedirect(): Promise<never> {
  const asked = (await headers()).get("x-payrail-dashboard-path");
  redirect(
    asked && asked !== "/dashboard" ? `/dashboard/login?callbackUrl=${encodeURIComponent(asked)}` : "/dashboard/login",
  );
}

/** The signed-in user (for actions, which audit who did what), or a redirect to the login. */
export async function requireDashboardUser(): Promise<DashboardUser> {
  const user = await dashboardUser();
  if (!user) return loginRedirect();

  return user;
}

/**
 * The signed-in user's organisation, or a redirect to the login. Every dashboard page calls it
 * itself: a layout's check does not stop the page, which renders in parallel.
 */
export async function requireDashboardOrganisation(): Promise<string> {
  const organisationId = await dashboardOrganisation();
  if (!organisationId) return loginRedirect();

  return organisationId;
}
