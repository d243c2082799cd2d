import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { redirect } from "next/navigation";
import { checkCredentials } from "@/lib/auth/dashboard-users";
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
        return user ? { id: user.id, email: user.email, organisationId: user.organisationId } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (user && "organisationId" in user) token.organisationId = user.organisationId as string;
      return token;
    },
    session: ({ session, token }) => ({ ...session, organisationId: token.organisationId as string }),
  },
}));

/** The signed-in dashboard user's organisation, or null. */
export async function dashboardOrganisation(): Promise<string | null> {
  const session = (await auth()) as { organisationId?: string } | null;
  return session?.organisationId ?? null;
}

/**
 * The signed-in user's organisation, or a redirect to the login. Every dashboard page calls it
 * itself: a layout's check does not stop the page, which renders in parallel.
 */
export async function requireDashboardOrganisation(): Promise<string> {
  const organisationId = await dashboardOrganisation();
  if (!organisationId) redirect("/dashboard/login");

  return organisationId;
}
