import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashApiKey } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { createMerchant, type CreatedMerchant } from "@/lib/merchants/create-merchant";

export const DEMO_DASHBOARD_EMAIL = "demo@payrail.test";

export type DemoMerchant = CreatedMerchant & { dashboard_email: string; dashboard_password: string };

/**
 * The demo store is a merchant like any other. Its credentials are provisioned on first start and
 * kept in the data folder (the API key is stored only hashed in the database, so this file is the
 * one place it can be read back from), with a dashboard login for the same organisation.
 */
export async function ensureDemoMerchant(): Promise<DemoMerchant> {
  if (env().APP_ENV === "production") {
    throw new Error("No demo merchant when APP_ENV=production: provision merchants with npm run merchant -- create");
  }
  const file = path.resolve(env().PAYRAIL_DATA_DIR, "demo-merchant.json");
  let demo: DemoMerchant | undefined;
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as DemoMerchant;
    const key = await db().apiKey.findUnique({
      where: { hash: hashApiKey(saved.api_key) },
      select: { revokedAt: true },
    });
    if (key && !key.revokedAt) demo = saved;
  }
  const storeWebhooks = `${env().BASE_URL}/store/api/webhooks`;
  if (demo) await followStore(demo.payment_profile, storeWebhooks);
  else {
    const created = await createMerchant(
      { name: "Payrail Coffee Co.", webhook_url: storeWebhooks },
      { trustWebhookUrl: true },
    );
    demo = {
      ...created,
      dashboard_email: DEMO_DASHBOARD_EMAIL,
      dashboard_password: randomBytes(9).toString("base64url"),
    };
  }
  demo.dashboard_email ??= DEMO_DASHBOARD_EMAIL;
  demo.dashboard_password ??= randomBytes(9).toString("base64url");
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  const passwordHash = await hashPassword(demo.dashboard_password);
  await db().dashboardUser.upsert({
    where: { email: demo.dashboard_email },
    update: { organisationId: demo.organisation, passwordHash },
    create: { id: randomUUID(), organisationId: demo.organisation, email: demo.dashboard_email, passwordHash },
  });

  return demo;
}

/**
 * The demo profile's webhook URL follows the store when the service runs at another address than
 * the one it was created at (`PORT=4000 npm start` after a first `npm start`): otherwise the
 * store's webhooks would go to the old port. A URL the merchant set to something else than a
 * store (a listener, a tunnel) is theirs and is left alone.
 */
async function followStore(profileId: string, storeWebhooks: string): Promise<void> {
  await db().paymentProfile.updateMany({
    where: {
      id: profileId,
      webhookTransactionUpdate: { endsWith: "/store/api/webhooks", not: storeWebhooks },
    },
    data: { webhookTransactionUpdate: storeWebhooks },
  });
}
