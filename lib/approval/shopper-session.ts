import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";

/**
 * The hosted pages act only for the browser that opened `approval_url`. Its first opening binds
 * the payment to that browser: a random token goes to it (an HttpOnly cookie, for opening the link
 * again, and the `s` parameter of the page URL, which the pages put into their forms), and only
 * the token's SHA-256 is stored. Every post (outcome, card, 3-D Secure answer) must carry the token;
 * it is compared in constant time. Anyone else who learns a transaction id (it travels in redirect
 * URLs and webhooks) can neither change the payment nor see its form.
 */
export const SESSION_PARAM = "s";

export const sessionCookieName = (transactionId: string) => `payrail_pay_${transactionId}`;

const digest = (token: string) => createHash("sha256").update(token).digest();

/** Whether `token` is the one handed to the browser this payment is bound to. */
export function isShopperSession(storedHash: string | null, token: unknown): boolean {
  if (!storedHash || typeof token !== "string" || token.length === 0 || token.length > 128) return false;
  const stored = Buffer.from(storedHash, "hex");
  const given = digest(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Binds the payment to this browser on its first opening, or recognises the browser by its cookie
 * later. Returns the token for the page URL, or null when another browser holds the payment.
 */
export async function bindShopperSession(
  transactionId: string,
  storedHash: string | null,
  cookieToken: string | undefined,
): Promise<string | null> {
  if (storedHash) return isShopperSession(storedHash, cookieToken) ? (cookieToken ?? null) : null;
  const token = randomBytes(24).toString("base64url");
  // Compare-and-set: of two browsers opening the link at once, one binds it.
  const bound = await db().transaction.updateMany({
    where: { id: transactionId, shopperSessionHash: null },
    data: { shopperSessionHash: digest(token).toString("hex") },
  });
  if (bound.count === 1) return token;
  const now = await db().transaction.findUnique({ where: { id: transactionId }, select: { shopperSessionHash: true } });
  return isShopperSession(now?.shopperSessionHash ?? null, cookieToken) ? (cookieToken ?? null) : null;
}

/**
 * The Set-Cookie value that lets this browser open the link again while the approval lasts.
 * `framed`: set inside the merchant's iFrame (the hosted card page), where it is a third-party
 * cookie: SameSite=None (browsers take it only with Secure, which they also take from a loopback
 * http origin) and Partitioned (CHIPS: kept per merchant site even where third-party cookies are
 * blocked), so that a reloaded checkout finds its payment again.
 */
export function sessionCookie(transactionId: string, token: string, { framed = false } = {}): string {
  const base = env().BASE_URL;
  const secure = base.startsWith("https:");
  const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(base);
  // Cross-site iFrames (the hosted card page) need SameSite=None, which browsers accept only with Secure.
  const sameSite = framed && (secure || loopback) ? "None; Secure; Partitioned" : secure ? "None; Secure" : "Lax";
  const maxAge = Math.ceil(env().APPROVAL_TTL_MS / 1000);
  return `${sessionCookieName(transactionId)}=${token}; Path=/; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAge}`;
}

/** `path` with the session token added to its query. */
export const withSession = (path: string, token: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${SESSION_PARAM}=${encodeURIComponent(token)}`;

/** The session cookie of this transaction from a Cookie header. */
export function sessionFromCookies(cookieHeader: string | null, transactionId: string): string | undefined {
  const name = `${sessionCookieName(transactionId)}=`;
  for (const part of (cookieHeader ?? "").split(";")) {
    const p = part.trim();
    if (p.startsWith(name)) return p.slice(name.length);
  }
  return undefined;
}
