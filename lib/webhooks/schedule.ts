/**
 * When each delivery attempt of an event is made, as the wait before it: the first at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the previous one (about 28 h in all). The
 * waits are multiplied by WEBHOOK_RETRY_SCALE (tests run the whole schedule in seconds).
 */
export const RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/**
 * The wait before the next scheduled attempt once `completed` attempts have failed, or null when
 * the schedule is used up (the event is then marked failed).
 */
export function nextRetryDelayMs(completed: number, scale: number): number | null {
  if (!Number.isInteger(completed) || completed < 1)
    throw new RangeError(`completed must be a positive integer, got ${completed}`);
  if (completed >= MAX_ATTEMPTS) return null;

  return Math.round(RETRY_SCHEDULE_MS[completed] * scale);
}
