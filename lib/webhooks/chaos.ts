import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Webhook chaos mode, per payment profile: deliveries misbehave on purpose the way real networks
 * and real PSPs do (late, twice, out of order, failing at first, badly signed), so a merchant can
 * prove that their handler copes. Chaos only changes how an event is delivered, never the event
 * or the transaction; every attempt records what chaos did to it (`webhook_attempts.chaos`).
 */
export const ChaosSettingsSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Every attempt waits a random time in this range before it is sent. */
  delay_ms: z
    .strictObject({ min: z.number().int().min(0).max(5_000), max: z.number().int().min(0).max(5_000) })
    .refine((d) => d.min <= d.max, { message: "min must not exceed max", path: ["min"] })
    .default({ min: 0, max: 0 }),
  /** Share of attempts sent twice (same webhook-id, same body): the handler must not act twice. */
  duplicate_rate: z.number().min(0).max(1).default(0),
  /** Each attempt waits another random 0..window ms, so events close in time arrive out of order. */
  reorder_window_ms: z.number().int().min(0).max(5_000).default(0),
  /** The first N attempts of every event fail on purpose (not sent), so the retry schedule is exercised. */
  fail_first_attempts: z.number().int().min(0).max(5).default(0),
  /** Share of attempts sent with a signature by a wrong secret: the handler must answer 4xx. */
  bad_signature_rate: z.number().min(0).max(1).default(0),
});

export type ChaosSettings = z.output<typeof ChaosSettingsSchema>;

/** What chaos does to one attempt; stored with the attempt. */
export type ChaosPlan = {
  delay_ms: number;
  reorder_delay_ms: number;
  failed_on_purpose: boolean;
  bad_signature: boolean;
  duplicated: boolean;
  /** The status of the duplicate's answer (null: none arrived), once sent. */
  duplicate_status_code?: number | null;
};

/** The stored settings (JSON column), or null when chaos is off or the value is unusable. */
export function chaosSettings(stored: unknown): ChaosSettings | null {
  if (stored === null || stored === undefined) return null;
  const parsed = ChaosSettingsSchema.safeParse(stored);

  return parsed.success && parsed.data.enabled ? parsed.data : null;
}

/** Decides, for one attempt, what chaos does (null: nothing, chaos is off). `random` is injectable for tests. */
export function planChaos(
  settings: ChaosSettings | null,
  attemptNumber: number,
  random: () => number = Math.random,
): ChaosPlan | null {
  if (!settings) return null;
  const { delay_ms, reorder_window_ms, fail_first_attempts, duplicate_rate, bad_signature_rate } = settings;
  const failed = attemptNumber <= fail_first_attempts;

  return {
    delay_ms: delay_ms.min + Math.floor(random() * (delay_ms.max - delay_ms.min + 1)),
    reorder_delay_ms: reorder_window_ms > 0 ? Math.floor(random() * (reorder_window_ms + 1)) : 0,
    failed_on_purpose: failed,
    bad_signature: !failed && random() < bad_signature_rate,
    duplicated: !failed && random() < duplicate_rate,
  };
}

/** A well-formed signature by a secret nobody has: what a forged or corrupted delivery looks like. */
export function badSignature(): string {
  return `v1,${randomBytes(32).toString("base64")}`;
}

/** Waits what the plan says (delay plus the reordering share). */
export function chaosWait(plan: ChaosPlan | null): Promise<void> {
  const ms = plan ? plan.delay_ms + plan.reorder_delay_ms : 0;

  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}

export function chaosFailureMessage(attemptNumber: number, settings: ChaosSettings): string {
  return `Chaos mode: attempt ${attemptNumber} of the first ${settings.fail_first_attempts} failed on purpose (not sent)`;
}
