import { endpoint } from "@/lib/api/endpoint";
import {
  getPaymentProfileOrThrow,
  rotateWebhookSecret,
  serializePaymentProfile,
  updatePaymentProfile,
} from "@/lib/merchants/payment-profiles";

// GET /v1/payment-profile/<id> – The profile: webhook URL, enabled products, chaos settings
export const getPaymentProfileEndpoint = endpoint({}, async ({ params, auth }) => {
  const profile = await getPaymentProfileOrThrow({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: serializePaymentProfile(profile) };
});

// PATCH /v1/payment-profile/<id> – Change the webhook URL, enabled products or chaos settings
export const updatePaymentProfileEndpoint = endpoint(
  { body: "required", resource: "payment_profile" },
  async ({ params, body, auth }) => {
    const profile = await updatePaymentProfile({ organisationId: auth.organisationId, id: params.id, body });

    return { status: 200, body: serializePaymentProfile(profile) };
  },
);

// POST /v1/payment-profile/<id>/webhook-secret/rotate – A new secret; the old one keeps signing during the overlap
export const rotateWebhookSecretEndpoint = endpoint(
  { body: "optional", resource: "webhook_secret_rotation" },
  async ({ params, body, auth }) => {
    const { profile, secret } = await rotateWebhookSecret({ organisationId: auth.organisationId, id: params.id, body });

    return { status: 200, body: { ...serializePaymentProfile(profile), webhook_secret: secret } };
  },
);
