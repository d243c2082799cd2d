import { endpoint } from "@/lib/api/endpoint";
import { EmptySchema } from "@/lib/schemas/transaction";
import { resetOrganisation } from "@/lib/sandbox/reset";
import { scriptTimeline, serializeTimeline, setTransactionStatus } from "@/lib/sandbox/test-controls";
import { checkWebhookHandler } from "@/lib/sandbox/webhook-check";
import { advanceTransaction } from "@/lib/worker/advance";
import { serializeTransaction } from "@/lib/transactions/serialize";

// POST /v1/test/transaction/<id>/advance – Run the next pending timer now ({"until": "final"}: all of them)
export const advanceEndpoint = endpoint({ body: "optional", resource: "advance" }, async ({ params, body, auth }) => {
  const { transaction, timersRun } = await advanceTransaction({
    organisationId: auth.organisationId,
    id: params.id,
    body,
  });

  return {
    status: 200,
    headers: { "payrail-timers-run": timersRun.length ? timersRun.join(",") : "none" },
    body: serializeTransaction(transaction),
  };
});

// POST /v1/test/transaction/<id>/status – Move the transaction to a status the table allows (actor sandbox)
export const setStatusEndpoint = endpoint(
  { body: "required", resource: "status_change" },
  async ({ params, body, auth }) => {
    const t = await setTransactionStatus({ organisationId: auth.organisationId, id: params.id, body });

    return { status: 200, body: serializeTransaction(t) };
  },
);

// POST /v1/test/transaction/<id>/timeline – Scripted outcomes, applied by the job queue in order
export const timelineEndpoint = endpoint({ body: "required", resource: "timeline" }, async ({ params, body, auth }) => {
  const timeline = await scriptTimeline({ organisationId: auth.organisationId, id: params.id, body });

  return { status: 202, body: serializeTimeline(timeline) };
});

// POST /v1/test/reset – Delete the organisation's transactions, customers, mandates, events, ...; keep profiles, keys, users
export const resetEndpoint = endpoint({ body: "optional", resource: "reset" }, async ({ body, auth, parse }) => {
  parse(EmptySchema, body);

  return { status: 200, body: { deleted: await resetOrganisation(auth.organisationId) } };
});

// POST /v1/test/webhook-check – Send a battery of deliveries to a webhook handler and grade its answers
export const webhookCheckEndpoint = endpoint(
  { body: "optional", resource: "webhook_check" },
  async ({ body, auth }) => {
    return { status: 200, body: await checkWebhookHandler(auth.organisationId, body) };
  },
);
