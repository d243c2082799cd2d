/**
 * Token buckets by key, in this process's memory: `burst` at once, `ratePerSecond` on average.
 * Used for the API's rate limit per key (lib/api/rate-limit.ts) and the dashboard's sign-in
 * throttle (lib/auth/sign-in-throttle.ts).
 */
export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private ratePerSecond: number,
    private burst: number,
    private now: () => number = () => performance.now(),
    private maxKeys = 10_000,
  ) {}

  /** Without taking one: 0 when `key` has a token, else the whole seconds until it has. */
  peek(key: string): number {
    const b = this.buckets.get(key);
    if (!b) return 0;
    const tokens = Math.min(this.burst, b.tokens + ((this.now() - b.at) / 1000) * this.ratePerSecond);

    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
  }

  /** Takes one token for `key`: 0 when allowed, else the whole seconds to wait for the next one. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= this.maxKeys) this.forgetIdle(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }

    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  /** A bucket that would be full again is the same as no bucket: drop those. */
  private forgetIdle(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.ratePerSecond >= this.burst) this.buckets.delete(key);
    }
  }
}
