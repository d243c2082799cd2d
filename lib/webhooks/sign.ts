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
}: {
  id: string;
  body: string;
  secret: string;
  at: Date;
}): SignedHeaders {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (key.length === 0) throw new Error("Webhook secret is empty");
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");

  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}

/** `whsec_` + base64 of 24 random bytes (Standard Webhooks secret format). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
