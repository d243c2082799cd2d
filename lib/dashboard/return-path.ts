/**
 * Where to land after signing in: a dashboard page of this site, asked for before the login
 * (`/dashboard/login?callbackUrl=…`, set when a signed-out visit was sent there). Only a relative
 * path under /dashboard is taken, so the login can never send anyone to another site (an open
 * redirect): not `https://…`, not `//host` or `/\host` (both read as another host), not a path
 * that `..` takes out of /dashboard. The login page itself would loop: refused too.
 * Null when the value is not such a path; the caller lands on /dashboard.
 */
export function dashboardReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  // Control characters and whitespace (browsers strip some of them from URLs), backslashes.
  if (!/^\/dashboard(?:[/?#]|$)/.test(value) || /[\s\\\p{Cc}]/u.test(value)) return null;
  const base = "http://dashboard.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !/^\/dashboard(?:\/|$)/.test(url.pathname)) return null;
  if (/^\/dashboard\/login(?:\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}
