import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { badSignature, ChaosSettingsSchema, chaosSettings, planChaos } from "@/lib/webhooks/chaos";
import { signingSecrets, signWebhook } from "@/lib/webhooks/sign";

const settings = (input: unknown) => ChaosSettingsSchema.parse(input);

describe("chaos mode", () => {
  it("is off without settings or when disabled; unusable stored values count as off", () => {
    expect(planChaos(chaosSettings(null), 1)).toBeNull();
    expect(chaosSettings({ enabled: false, duplicate_rate: 1 })).toBeNull();
    expect(chaosSettings({ duplicate_rate: 7 })).toBeNull();
  });

  it("fails the first N attempts on purpose and nothing else happens to them", () => {
    const s = settings({ fail_first_attempts: 2, duplicate_rate: 1, bad_signature_rate: 1 });
    expect(planChaos(s, 1, () => 0)).toMatchObject({
      failed_on_purpose: true,
      duplicated: false,
      bad_signature: false,
    });
    expect(planChaos(s, 2, () => 0)).toMatchObject({ failed_on_purpose: true });
    expect(planChaos(s, 3, () => 0)).toMatchObject({ failed_on_purpose: false, duplicated: true, bad_signature: true });
  });

  it("draws delays within the range and the reordering window", () => {
    const s = settings({ delay_ms: { min: 100, max: 200 }, reorder_window_ms: 50 });
    expect(planChaos(s, 1, () => 0)).toMatchObject({ delay_ms: 100, reorder_delay_ms: 0 });
    expect(planChaos(s, 1, () => 0.9999)).toMatchObject({ delay_ms: 200, reorder_delay_ms: 50 });
  });

  it("rates are shares: 0 never, 1 always", () => {
    const never = settings({ duplicate_rate: 0, bad_signature_rate: 0 });
    const always = settings({ duplicate_rate: 1, bad_signature_rate: 1 });
    for (const r of [0, 0.5, 0.9999]) {
      expect(planChaos(never, 1, () => r)).toMatchObject({ duplicated: false, bad_signature: false });
      expect(planChaos(always, 1, () => r)).toMatchObject({ duplicated: true, bad_signature: true });
    }
  });

  it("refuses settings out of range", () => {
    expect(ChaosSettingsSchema.safeParse({ delay_ms: { min: 10, max: 5 } }).success).toBe(false);
    expect(ChaosSettingsSchema.safeParse({ fail_first_attempts: 9 }).success).toBe(false);
    expect(ChaosSettingsSchema.safeParse({ surprise: true }).success).toBe(false);
  });

  it("a bad signature is well-formed but verifies with no secret", () => {
    const secret = generateWebhookSecret();
    const body = '{"type":"transaction"}';
    const headers = {
      ...signWebhook({ id: "msg_1", body, secret, at: new Date() }),
      "webhook-signature": badSignature(),
    };
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow();
  });
});

describe("signing during a secret rotation", () => {
  it("signs with both secrets until the overlap ends; the library accepts either", () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const now = new Date();
    const profile = {
      webhookSecret: newSecret,
      previousWebhookSecret: oldSecret,
      previousSecretExpiresAt: new Date(now.getTime() + 60_000),
    };
    const body = '{"type":"transaction","id":"x"}';
    const headers = signWebhook({ id: "msg_2", body, ...signingSecrets(profile, now), at: now });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));

    const later = new Date(now.getTime() + 120_000);
    const after = signWebhook({ id: "msg_2", body, ...signingSecrets(profile, later), at: later });
    expect(after["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() =>
      new Webhook(oldSecret).verify(body, { ...after, "webhook-timestamp": headers["webhook-timestamp"] }),
    ).toThrow();
  });
});
