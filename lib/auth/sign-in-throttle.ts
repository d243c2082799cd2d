import { TokenBuckets } from "@/lib/auth/token-buckets";

/**
 * The dashboard's sign-in throttle: failed sign-ins are counted per account (e-mail) and per
 * address, as token buckets that refill over 15 minutes. An account allows 5 failures, an address
 * 20; past that every attempt (a right password too) is refused until a token is back. In this
 * process's memory (per instance), like the API's rate limit. The address is the first entry of
 * X-Forwarded-For (Next.js sets it from the socket when absent; a proxy in front must overwrite it).
 */
const WINDOW_S = 15 * 60;
const ACCOUNT_FAILURES = 5;
const ADDRESS_FAILURES = 20;

const byAccount = new TokenBuckets(ACCOUNT_FAILURES / WINDOW_S, ACCOUNT_FAILURES);
const byAddress = new TokenBuckets(ADDRESS_FAILURES / WINDOW_S, ADDRESS_FAILURES);

const accountKey = (email: string) => email.trim().toLowerCase();

export function clientAddress(headers: Headers | undefined): string | null {
  return headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

/** Seconds until this account and address may try again; 0 when they may now. */
export function signInWait(email: string, address: string | null): number {
  return Math.max(byAccount.peek(accountKey(email)), address ? byAddress.peek(address) : 0);
}

export function recordSignInFailure(email: string, address: string | null): void {
  byAccount.take(accountKey(email));
  if (address) byAddress.take(address);
}
