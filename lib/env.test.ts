import { expect, test } from "vitest";
import { privateWebhooksByDefault } from "@/lib/env";

test("webhooks reach private networks by default only for a service running locally, never in production", () => {
  for (const base of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://shop.localhost"]) {
    expect(privateWebhooksByDefault("development", base), base).toBe(true);
    expect(privateWebhooksByDefault("test", base), base).toBe(true);
    expect(privateWebhooksByDefault("production", base), base).toBe(false);
  }
  for (const base of [
    "https://pay.example.com",
    "http://10.0.0.5:3000",
    "http://192.168.1.2",
    "http://localhost.evil.com",
  ]) {
    expect(privateWebhooksByDefault("development", base), base).toBe(false);
  }
});
