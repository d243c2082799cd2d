import { endpoint } from "@/lib/api/endpoint";
import { EmptySchema } from "@/lib/schemas/transaction";
import { listTransactionWebhooksOrThrow, resendWebhookEventOrThrow } from "@/lib/webhooks/events";
import { serializeWebhookEvent } from "@/lib/webhooks/serialize";

// GET /v1/transaction/<id>/webhooks – The transaction's webhook events with every delivery attempt
export const transactionWebhooksEndpoint = endpoint({}, async ({ params, auth }) => {
  const events = await listTransactionWebhooksOrThrow({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: { data: events.map(serializeWebhookEvent) } };
});

// POST /v1/webhook-event/<id>/resend – One more delivery attempt, now (202: it is queued)
export const resendWebhookEventEndpoint = endpoint(
  { body: "optional", resource: "webhook_resend" },
  async ({ params, body, auth, parse }) => {
    parse(EmptySchema, body);
    const event = await resendWebhookEventOrThrow({ organisationId: auth.organisationId, id: params.id });

    return { status: 202, body: serializeWebhookEvent(event) };
  },
);
