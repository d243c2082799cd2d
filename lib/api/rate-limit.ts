import { ApiError } from "@/lib/errors/api-error";
import { env } from "@/lib/env";
import { TokenBuckets } from "@/lib/auth/token-buckets";

/**
 * The API's rate limit (error 140): a token bucket per API key, in this process's memory. Each key
 * may make `API_RATE_LIMIT_BURST` requests at once and `API_RATE_LIMIT_PER_SECOND` per second on
 * average. The limit is per instance: with N instances behind a load balancer a key gets up to N
 * times the rate. That keeps it off the database's hot path; a shared limit belongs in front (the
 * gateway).
 */
let buckets: TokenBuckets | null | undefined;

/** Throws 140 (429, `Retry-After`) when the key has used up its bucket. */
export function enforceRateLimit(apiKeyId: string): void {
  if (buckets === undefined) {
    const { API_RATE_LIMIT_PER_SECOND: rate, API_RATE_LIMIT_BURST: burst } = env();
    buckets = rate > 0 ? new TokenBuckets(rate, Math.max(1, burst)) : null;
  }
  const wait = buckets?.take(apiKeyId) ?? 0;
  if (wait === 0) return;
  throw new ApiError(
    "140",
    `Too many requests for this API key; retry after ${wait} s.`,
    { retry_after_seconds: wait },
    { "retry-after": String(wait) },
  );
}
