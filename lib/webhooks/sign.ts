import { createHmac, randomBytes } from "node:crypto";

export type SignedHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/**
 * Standard Webhooks signature headers: HMAC-SHA256 over `<id>.<timestamp>.<body>` with the key
 * inside the profile's `whsec_<base64>` secret, sent as `v1,<base64>`. Receivers verify them with
 * the `standardwebhooks` library (the unit test checks every signature with it). The id is the
 * event's, the same on every attempt, so receivers can drop duplicates; the timestamp is the
 * attempt's, in seconds.
 */
export function signWebhook({
  id,
  body,
  secret,
  at,
  alsoSignWith = [],
}: {
  id: string;
  body: string;
  secret: string;
  at: Date;
  /**
   * More secrets to sign with (the previous one during a rotation's overlap): Standard Webhooks
   * sends several space-separated signatures, and a receiver accepts the event when any matches.
   */
  alsoSignWith?: readonly string[];
}): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = [secret, ...alsoSignWith].map((s) => `v1,${hmac(s, `${id}.${timestamp}.${body}`)}`);

  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}

function hmac(secret: string, content: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (key.length === 0) throw new Error("Webhook secret is empty");

  return createHmac("sha256", key).update(content).digest("base64");
}

/** The secrets a delivery is signed with now: the current one, plus the previous one until its overlap ends. */
export function signingSecrets(
  profile: { webhookSecret: string; previousWebhookSecret: string | null; previousSecretExpiresAt: Date | null },
  now = new Date(),
): { secret: string; alsoSignWith: string[] } {
  const overlap =
    profile.previousWebhookSecret && profile.previousSecretExpiresAt && profile.previousSecretExpiresAt > now
      ? [profile.previousWebhookSecret]
      : [];

  return { secret: profile.webhookSecret, alsoSignWith: overlap };
}

/** `whsec_` + base64 of 24 random bytes (Standard Webhooks secret format). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
