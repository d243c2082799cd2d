import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { signWebhook } from "@/lib/webhooks/sign";

const body = JSON.stringify({
  type: "transaction",
  id: "9b2e3c1a-4d5f-4e6a-8b7c-0d1e2f3a4b5c",
  status: "DECLINED",
  amount: "1000",
  note: "grüße ✓",
});
const id = "3f1f0d7e-5b6a-4c1d-9e8f-7a6b5c4d3e2f";

describe("signWebhook", () => {
  it("produces headers the standardwebhooks library verifies", () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ id, body, secret, at: new Date() });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("matches the library's own signature byte for byte", () => {
    const secret = generateWebhookSecret();
    const at = new Date("2026-11-22T07:53:11.999Z");
    const headers = signWebhook({ id, body, secret, at });
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign(id, at, body));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("is refused by the library for another secret, a changed body, id or an old timestamp", () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ id, body, secret, at: new Date() });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body.replace("1000", "1001"), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "other" })).toThrow(
      WebhookVerificationError,
    );
    const old = signWebhook({ id, body, secret, at: new Date(Date.now() - 10 * 60_000) });
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/);
  });

  it("keeps the id across attempts and signs each attempt's own time", () => {
    const secret = generateWebhookSecret();
    const first = signWebhook({ id, body, secret, at: new Date(Date.now() - 60_000) });
    const retry = signWebhook({ id, body, secret, at: new Date() });
    expect(retry["webhook-id"]).toBe(first["webhook-id"]);
    expect(retry["webhook-signature"]).not.toBe(first["webhook-signature"]);
    expect(new Webhook(secret).verify(body, retry)).toBeTruthy();
  });
});
