import { expect, test } from "vitest";
import { TokenBuckets } from "@/lib/auth/token-buckets";

test("a key gets its burst at once, then the rate; other keys are not affected", () => {
  let t = 0;
  const b = new TokenBuckets(2, 3, () => t);
  expect([b.take("k"), b.take("k"), b.take("k")]).toEqual([0, 0, 0]);
  expect(b.take("k")).toBe(1); // empty: one token comes in 0.5 s → Retry-After 1
  expect(b.take("other")).toBe(0);
  t = 500;
  expect(b.take("k")).toBe(0);
  expect(b.take("k")).toBe(1);
  t = 10_000; // refilled, but never beyond the burst
  expect([b.take("k"), b.take("k"), b.take("k"), b.take("k")]).toEqual([0, 0, 0, 1]);
});

test("Retry-After is the whole seconds until the next token at a slow rate", () => {
  let t = 0;
  const b = new TokenBuckets(0.1, 1, () => t);
  expect(b.take("k")).toBe(0);
  expect(b.take("k")).toBe(10);
  t = 4000;
  expect(b.take("k")).toBe(6);
});

test("memory stays bounded: idle (full) buckets are forgotten when the table is full", () => {
  let t = 0;
  const b = new TokenBuckets(1, 1, () => t, 2);
  b.take("a");
  b.take("b");
  t = 5000;
  b.take("c");
  expect((b as unknown as { buckets: Map<string, unknown> }).buckets.size).toBe(1);
});

test("peek tells the wait without taking a token", () => {
  let t = 0;
  const b = new TokenBuckets(1, 2, () => t);
  expect(b.peek("k")).toBe(0);
  b.take("k");
  b.take("k");
  expect(b.peek("k")).toBe(1);
  expect(b.peek("k")).toBe(1);
  t = 1000;
  expect(b.peek("k")).toBe(0);
});
