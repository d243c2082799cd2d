import type { Metadata } from "next";
import { AuthError, CredentialsSignin } from "next-auth";
import { redirect } from "next/navigation";
import { SignInThrottled, signIn } from "@/lib/auth/next-auth";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { dashboardReturnPath } from "@/lib/dashboard/return-path";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

async function login(form: FormData) {
  "use server";
  const email = String(form.get("email") ?? "");
  // The page asked for before the login, checked again: the form's field can be forged.
  const back = dashboardReturnPath(form.get("callbackUrl"));
  const again = (query: Record<string, string>) =>
    redirect(`/dashboard/login?${new URLSearchParams({ ...query, ...(back ? { callbackUrl: back } : {}) })}`);
  try {
    await signIn("credentials", {
      email,
      password: String(form.get("password") ?? ""),
      redirectTo: back ?? "/dashboard",
    });
  } catch (err) {
    if (err instanceof SignInThrottled || (err instanceof CredentialsSignin && err.code === "throttled"))
      again({ error: "throttled" });
    // The e-mail comes back into the form: only the password is to be typed again.
    if (err instanceof AuthError && isDatabaseUnavailable(err))
      again({ error: "unavailable", email: email.slice(0, 254) });
    if (err instanceof AuthError) again({ error: "1", email: email.slice(0, 254) });
    throw err;
  }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const query = await searchParams;
  const error = query.error;
  const email = typeof query.email === "string" ? query.email : "";
  const back = dashboardReturnPath(query.callbackUrl);
  const failed = error !== undefined;
  const throttled = error === "throttled";
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none";

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6">
      <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Payrail</p>
      <h1 className="mt-1 text-2xl font-bold">Merchant dashboard</h1>
      <form action={login} className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {back ? <input type="hidden" name="callbackUrl" value={back} /> : null}
        {failed ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {throttled
              ? "Too many failed sign-ins. Please wait a few minutes before trying again."
              : error === "unavailable"
                ? "The dashboard is unavailable for a moment. Please try again shortly."
                : "Wrong e-mail or password."}
          </p>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          E-mail
          <input name="email" type="email" autoComplete="username" required defaultValue={email} className={input} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Password
          <input name="password" type="password" autoComplete="current-password" required className={input} />
        </label>
        <SubmitButton
          label="Sign in"
          pendingLabel="Signing in…"
          className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
        />
      </form>
      <p className="mt-4 text-xs text-slate-600">
        The demo login is printed by <code>npm start</code>; add one with <code>npm run merchant -- user</code>.
      </p>
    </main>
  );
}
