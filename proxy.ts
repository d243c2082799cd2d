import { NextResponse, type NextRequest } from "next/server";
import { isOrigin } from "@/lib/processors/card/rules";

const CARD_PAGE = /^\/pay\/[^/]+\/card(\/|$)/;

const validOrigin = (value: string | null) => (value && isOrigin(value) ? value : null);

/**
 * Framing of the hosted pages. The card pages may be framed by the transaction's `origin` only:
 * the origin travels in `?o=` (the proxy cannot look up the transaction), and the page itself
 * renders the form only when `o` equals the stored origin. Every other hosted page: not framable.
 */
export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (DASHBOARD.test(pathname)) return dashboard(request);
  const response = NextResponse.next();
  const origin = CARD_PAGE.test(pathname) ? validOrigin(searchParams.get("o")) : null;
  response.headers.set("Content-Security-Policy", `frame-ancestors ${origin ?? "'none'"}`);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("Cache-Control", "no-store");

  return response;
}

const DASHBOARD = /^\/dashboard(\/|$)/;

/**
 * The page a dashboard request asked for, handed to the page as a request header: a server
 * component cannot read its own URL, and a signed-out visit is sent to the login with it
 * (`requireDashboardUser` in lib/auth/next-auth.ts), to come back there after signing in. Always
 * set here, so a header sent by the client never gets through.
 */
function dashboard(request: NextRequest) {
  const url = request.nextUrl.clone();
  url.searchParams.delete("_rsc"); // Next's own marker of a client navigation's fetch
  const headers = new Headers(request.headers);
  headers.set(DASHBOARD_PATH_HEADER, `${url.pathname}${url.search}`);
  return NextResponse.next({ request: { headers } });
}

/** Also spelled out in lib/auth/next-auth.ts: lib/ imports nothing above it, and the proxy keeps next-auth out. */
const DASHBOARD_PATH_HEADER = "x-payrail-dashboard-path";

export const config = { matcher: ["/pay/:path*", "/dashboard", "/dashboard/:path*"] };
