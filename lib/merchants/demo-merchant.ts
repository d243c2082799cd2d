import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { createMerchant, type CreatedMerchant } from "@/lib/merchants/create-merchant";

/**
 * The demo store is a merchant like any other. Its credentials are provisioned on first start and
 * kept in the data folder (the API key is stored only hashed in the database, so this file is the
 * one place it can be read back from).
 */
export async function ensureDemoMerchant(): Promise<CreatedMerchant> {
  const file = path.resolve(env().PAYRAIL_DATA_DIR, "demo-merchant.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as CreatedMerchant;
    const key = await db().apiKey.findUnique({ where: { hash: hashApiKey(saved.api_key) }, select: { revokedAt: true } });
    if (key && !key.revokedAt) return saved;
  }
  const created = await createMerchant({ name: "Payrail Demo Store", webhook_url: `${env().BASE_URL}/store/api/webhooks` }, { trustWebhookUrl: true });
  writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600 });

  return created;
}
