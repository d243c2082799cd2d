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
  const response = NextResponse.next();
  const { pathname, searchParams } = request.nextUrl;
  const origin = CARD_PAGE.test(pathname) ? validOrigin(searchParams.get("o")) : null;
  response.headers.set("Content-Security-Policy", `frame-ancestors ${origin ?? "'none'"}`);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("Cache-Control", "no-store");

  return response;
}

export const config = { matcher: ["/pay/:path*"] };
