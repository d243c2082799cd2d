import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/docs/examples/nextjs-webhook-route";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { eventBody, transactionEventPayload } from "@/lib/webhooks/outbox";
import { signWebhook } from "@/lib/webhooks/sign";

// The receiver snippet of docs/webhooks.md, run against what the delivery worker sends.
const secret = generateWebhookSecret();
const body = eventBody(
  transactionEventPayload({
    id: "5e3b0a4c-1f2d-4e6a-9b8c-7d6e5f4a3b2c",
    status: "SETTLEMENT_COMPLETED",
    statusReason: "",
    amount: 1999,
    merchantReference: "order-1",
    lastStatusUpdate: new Date(),
  }),
);
const request = (payload: string, headers: Record<string, string>) =>
  new Request("https://shop.example/api/payrail/webhooks", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", ...headers },
  });

describe("docs/examples/nextjs-webhook-route.ts", () => {
  beforeEach(() => {
    process.env.PAYRAIL_WEBHOOK_SECRET = secret;
  });
  afterEach(() => {
    delete process.env.PAYRAIL_WEBHOOK_SECRET;
  });

  it("accepts a delivery signed by Payrail", async () => {
    const res = await POST(
      request(body, signWebhook({ id: "e1d2c3b4-a5f6-4789-8abc-def012345678", body, secret, at: new Date() })),
    );
    expect(res.status).toBe(204);
  });

  it("refuses a tampered body, another secret and missing headers", async () => {
    const headers = signWebhook({ id: "e1d2c3b4-a5f6-4789-8abc-def012345678", body, secret, at: new Date() });
    expect((await POST(request(body.replace("1999", "1"), headers))).status).toBe(400);
    expect(
      (await POST(request(body, signWebhook({ id: "x", body, secret: generateWebhookSecret(), at: new Date() }))))
        .status,
    ).toBe(400);
    expect((await POST(request(body, {}))).status).toBe(400);
  });

  it("is quoted verbatim in docs/webhooks.md", () => {
    const snippet = readFileSync(path.resolve(__dirname, "../../docs/examples/nextjs-webhook-route.ts"), "utf8");
    expect(readFileSync(path.resolve(__dirname, "../../docs/webhooks.md"), "utf8")).toContain(snippet.trim());
  });
});
