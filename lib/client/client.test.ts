import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookPayloadError, WebhookVerificationError } from "@/lib/client";
import { signWebhook } from "@/lib/webhooks/sign";

const SECRET = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;

describe("the generated client", () => {
  it("is up to date with the OpenAPI document (npm run client:generate)", () => {
    // Exits 1 (and execFileSync throws) when lib/client/generated differs from a fresh generation.
    const out = execFileSync("node_modules/.bin/tsx", ["scripts/client-generate.mts", "--check"], { encoding: "utf8" });
    expect(out).toContain("is up to date");
  }, 120_000);
});

describe("verifyWebhook", () => {
  const body = JSON.stringify({
    type: "transaction",
    id: "0f6c2a8e-6d7b-4f51-9a3c-2b1e0d9c8a7f",
    status: "SETTLEMENT_COMPLETED",
    status_reason: "Settled",
    amount: "1999",
    merchant_reference: "order-1042",
    last_status_update: "2026-11-22T07:53:11.123Z",
  });
  const headers = (b: string) =>
    new Headers(signWebhook({ id: "evt-1", body: b, secret: SECRET, at: new Date() }) as Record<string, string>);

  it("returns the typed event of a body signed by Payrail", () => {
    const event = verifyWebhook(body, headers(body), SECRET);
    expect(event.webhookId).toBe("evt-1");
    expect(event.payload.type).toBe("transaction");
    expect(event.payload.status).toBe("SETTLEMENT_COMPLETED");
  });

  it("accepts plain header objects and Buffers", () => {
    const h = Object.fromEntries(headers(body));
    expect(verifyWebhook(Buffer.from(body), h, SECRET).payload.amount).toBe("1999");
  });

  it("refuses a changed body, another secret, and a signed body of an unknown shape", () => {
    expect(() => verifyWebhook(body.replace("1999", "9999"), headers(body), SECRET)).toThrow(WebhookVerificationError);
    const other = `whsec_${Buffer.from("another secret of 32 bytes......").toString("base64")}`;
    expect(() => verifyWebhook(body, headers(body), other)).toThrow(WebhookVerificationError);
    const odd = JSON.stringify({ type: "payout", id: "x" });
    expect(() => verifyWebhook(odd, headers(odd), SECRET)).toThrow(WebhookPayloadError);
  });
});
