import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextRetryDelayMs, RETRY_SCHEDULE_MS } from "@/lib/webhooks/schedule";

const s = 1_000;
const min = 60 * s;
const h = 60 * min;

describe("retry schedule", () => {
  it("is: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(RETRY_SCHEDULE_MS).toEqual([0, 5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it("gives the wait after each failed attempt, and null after the eighth", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextRetryDelayMs(n, 1));
    expect(waits).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h, null]);
    expect(nextRetryDelayMs(9, 1)).toBeNull();
  });

  it("spans about 28 hours from the first attempt to the last", () => {
    const total = RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total).toBe(27 * h + 35 * min + 5 * s);
  });

  it("multiplies every wait by the scale, in whole milliseconds", () => {
    expect(nextRetryDelayMs(1, 0.001)).toBe(5);
    expect(nextRetryDelayMs(2, 0.001)).toBe(300);
    expect(nextRetryDelayMs(7, 0.001)).toBe(36_000);
    expect(nextRetryDelayMs(1, 0.0001)).toBe(1);
    expect(nextRetryDelayMs(3, 2)).toBe(60 * min);
  });

  it("refuses a count that is not a completed attempt", () => {
    expect(() => nextRetryDelayMs(0, 1)).toThrow(RangeError);
    expect(() => nextRetryDelayMs(1.5, 1)).toThrow(RangeError);
  });
});
