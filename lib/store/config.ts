import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";

export class StoreNotConfigured extends Error {
  name = "StoreNotConfigured";
}

/** What the store needs to be a Payrail merchant. */
export type StoreCredentials = { apiKey: string; paymentProfile: string; webhookSecret: string };

// The store is configured like any merchant application would be: from its own environment.
// It does not share lib/env.ts's schema because nothing of Payrail's configuration is its business
// except where Payrail can be reached.
const StoreEnvSchema = z.object({
  PAYRAIL_API_URL: z
    .url({ protocol: /^https?$/, message: "PAYRAIL_API_URL must be an absolute http(s) URL" })
    .optional(),
  STORE_API_KEY: z.string().min(1).optional(),
  STORE_PAYMENT_PROFILE: z.uuid({ message: "STORE_PAYMENT_PROFILE must be a payment profile id (UUID)" }).optional(),
  STORE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STORE_WEBHOOK_SECRET must be a whsec_ secret").optional(),
});

function storeEnv() {
  const parsed = StoreEnvSchema.safeParse(process.env);
  if (!parsed.success)
    throw new Error(`Invalid store configuration: ${parsed.error.issues.map((i) => i.message).join("; ")}`);

  return parsed.data;
}

/** Payrail's base URL as the store's server reaches it (default: this app's own BASE_URL). */
export function payrailBaseUrl(): string {
  return (storeEnv().PAYRAIL_API_URL ?? env().BASE_URL).replace(/\/+$/, "");
}

/**
 * The store's API key, payment profile and webhook secret: from STORE_API_KEY,
 * STORE_PAYMENT_PROFILE and STORE_WEBHOOK_SECRET when all three are set, otherwise the demo
 * merchant's credentials as the sandbox hands them out at start (`demo-merchant.json` in the data
 * folder), like a developer copying keys into an app's config. The store never provisions or
 * writes anything of Payrail's. Not cached: two servers booting at once may each provision a demo
 * merchant; the file keeps the last, and the webhook secret must be that merchant's.
 */
export async function getStoreCredentials(): Promise<StoreCredentials> {
  const e = storeEnv();
  const set = [e.STORE_API_KEY, e.STORE_PAYMENT_PROFILE, e.STORE_WEBHOOK_SECRET].filter(Boolean).length;
  if (set === 3)
    return {
      apiKey: e.STORE_API_KEY!,
      paymentProfile: e.STORE_PAYMENT_PROFILE!,
      webhookSecret: e.STORE_WEBHOOK_SECRET!,
    };
  if (set > 0)
    throw new Error(
      "Invalid store configuration: set all of STORE_API_KEY, STORE_PAYMENT_PROFILE and STORE_WEBHOOK_SECRET, or none",
    );
  // In production the store is a merchant like any other, configured explicitly: no demo merchant.
  if (env().APP_ENV === "production")
    throw new StoreNotConfigured(
      "The store is not configured: set STORE_API_KEY, STORE_PAYMENT_PROFILE and STORE_WEBHOOK_SECRET (APP_ENV=production has no demo merchant)",
    );
  const file = path.resolve(env().PAYRAIL_DATA_DIR, "demo-merchant.json");
  if (!existsSync(file))
    throw new StoreNotConfigured(
      "The store has no Payrail credentials: set STORE_API_KEY, STORE_PAYMENT_PROFILE and STORE_WEBHOOK_SECRET",
    );
  const demo = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;

  return { apiKey: demo.api_key, paymentProfile: demo.payment_profile, webhookSecret: demo.webhook_secret };
}
