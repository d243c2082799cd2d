import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { generateApiKey, hashApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/prisma";
import { httpUrl, text } from "@/lib/schemas/common";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { webhookUrlRegistrationProblem } from "@/lib/webhooks/url-guard";

export const MerchantCreateSchema = z.strictObject({
  name: text(100).min(1, "Required"),
  webhook_url: httpUrl().optional(),
});

export type CreatedMerchant = {
  organisation: string;
  payment_profile: string;
  api_key: string;
  webhook_secret: string;
};

export type CreateMerchantOptions = {
  /** The service's own demo store: its URL is ours, not a merchant's input, so the SSRF rule does not apply at registration. */
  trustWebhookUrl?: boolean;
};

/** Creates an organisation with one payment profile and one API key (shown only here). */
export async function createMerchant(
  input: z.input<typeof MerchantCreateSchema>,
  { trustWebhookUrl = false }: CreateMerchantOptions = {},
): Promise<CreatedMerchant> {
  const { name, webhook_url } = parseInput(MerchantCreateSchema, input, "merchant");
  const problem = trustWebhookUrl ? null : await webhookUrlRegistrationProblem(webhook_url);
  if (problem) throw ApiError.validation("merchant", { webhook_url: problem });
  const apiKey = generateApiKey();
  const webhookSecret = generateWebhookSecret();
  const organisationId = randomUUID();
  const profileId = randomUUID();
  await db().$transaction([
    db().organisation.create({ data: { id: organisationId, name } }),
    db().paymentProfile.create({
      data: {
        id: profileId,
        organisationId,
        name: "Default",
        webhookTransactionUpdate: webhook_url ?? "",
        webhookSecret,
      },
    }),
    db().apiKey.create({
      data: { id: randomUUID(), organisationId, hash: hashApiKey(apiKey), hint: apiKey.slice(0, 12), name: "Default" },
    }),
  ]);

  return { organisation: organisationId, payment_profile: profileId, api_key: apiKey, webhook_secret: webhookSecret };
}
