import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { PAYMENT_PRODUCTS, isProductId } from "@/lib/domain/products";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { type PaymentProfile, Prisma } from "@/lib/generated/prisma/client";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { httpUrl, isUuid, text, timestamp } from "@/lib/schemas/common";
import { ChaosSettingsSchema } from "@/lib/webhooks/chaos";
import { webhookUrlRegistrationProblem } from "@/lib/webhooks/url-guard";

type Scope = { organisationId: string; id: string };

const webhookUrl = z.union([z.literal(""), httpUrl()]).optional();

export const PaymentProfilePatchSchema = z.strictObject({
  name: text(100).min(1, "Required").optional(),
  /** The spec's name for the general webhook URL. "" removes it (events are then recorded as `skipped`). */
  webhook_transaction_update: webhookUrl,
  /** Deprecated: the first name of `webhook_transaction_update`, still accepted (the same value if both are sent). */
  webhook_url: webhookUrl.meta({ deprecated: true, description: "Deprecated name of webhook_transaction_update" }),
  /** Product ids; null (or every product) means all. */
  enabled_products: z
    .array(z.string().refine(isProductId, "Unknown payment product"))
    .min(1, "Enable at least one product (null enables all)")
    .nullable()
    .optional(),
  /** Webhook chaos mode; null switches it off. */
  webhook_chaos: ChaosSettingsSchema.nullable().optional(),
});

export const SecretRotateSchema = z.strictObject({
  /** How long the old secret still signs deliveries (0: not at all), at most 7 days. */
  overlap_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
});

export async function getPaymentProfileOrThrow({ organisationId, id }: Scope): Promise<PaymentProfile> {
  const profile = isUuid(id) ? await db().paymentProfile.findFirst({ where: { id, organisationId } }) : null;
  if (!profile) throw ApiError.notFound("payment_profile", id);

  return profile;
}

/** Changes a profile's webhook URL (same SSRF rule as at creation), enabled products or chaos settings. */
export async function updatePaymentProfile({ organisationId, id, body }: Scope & { body: unknown }) {
  const input = parseInput(PaymentProfilePatchSchema, body, "payment_profile");
  const urlField = input.webhook_transaction_update !== undefined ? "webhook_transaction_update" : "webhook_url";
  const url = input[urlField];
  if (input.webhook_url !== undefined && url !== input.webhook_url) {
    throw ApiError.validation("payment_profile", {
      webhook_url: "Deprecated name of webhook_transaction_update; send one of the two",
    });
  }
  await getPaymentProfileOrThrow({ organisationId, id });
  if (url) {
    const problem = await webhookUrlRegistrationProblem(url);
    if (problem) throw ApiError.validation("payment_profile", { [urlField]: problem });
  }
  const enabled = input.enabled_products;

  return db().paymentProfile.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(url !== undefined ? { webhookTransactionUpdate: url } : {}),
      ...(enabled !== undefined
        ? {
            disabledProducts: enabled === null ? [] : PAYMENT_PRODUCTS.filter((id) => !enabled.includes(id)),
          }
        : {}),
      ...(input.webhook_chaos !== undefined
        ? {
            webhookChaos: input.webhook_chaos === null ? Prisma.DbNull : (input.webhook_chaos as Prisma.InputJsonValue),
          }
        : {}),
    },
  });
}

/**
 * A new webhook secret. The old one keeps signing deliveries (a second signature in the same
 * header) until the overlap ends, so a merchant can deploy the new secret without losing an event.
 */
export async function rotateWebhookSecret({ organisationId, id, body }: Scope & { body: unknown }) {
  const { overlap_seconds } = parseInput(SecretRotateSchema, body ?? {}, "webhook_secret_rotation");
  const profile = await getPaymentProfileOrThrow({ organisationId, id });
  const overlapMs = overlap_seconds !== undefined ? overlap_seconds * 1000 : env().WEBHOOK_SECRET_OVERLAP_MS;
  const secret = generateWebhookSecret();
  const updated = await db().paymentProfile.update({
    where: { id: profile.id },
    data: {
      webhookSecret: secret,
      previousWebhookSecret: overlapMs > 0 ? profile.webhookSecret : null,
      previousSecretExpiresAt: overlapMs > 0 ? new Date(Date.now() + overlapMs) : null,
    },
  });

  return { profile: updated, secret };
}

/** The profile as the API shows it (the secret itself only in the rotation's answer). */
export function serializePaymentProfile(p: PaymentProfile, now = new Date()) {
  const overlapping = p.previousWebhookSecret && p.previousSecretExpiresAt && p.previousSecretExpiresAt > now;

  return {
    id: p.id,
    name: p.name,
    webhook_transaction_update: p.webhookTransactionUpdate,
    /** Deprecated alias of webhook_transaction_update (the field's first name), kept for existing integrations. */
    webhook_url: p.webhookTransactionUpdate,
    enabled_products: PAYMENT_PRODUCTS.filter((id) => !p.disabledProducts.includes(id)),
    webhook_chaos: p.webhookChaos ?? null,
    webhook_secret_hint: `${p.webhookSecret.slice(0, 10)}…`,
    previous_secret_expires_at: overlapping && p.previousSecretExpiresAt ? timestamp(p.previousSecretExpiresAt) : null,
    created_at: timestamp(p.createdAt),
  };
}
