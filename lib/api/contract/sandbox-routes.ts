import { z } from "zod";
import type { RouteContract } from "@/lib/api/contract/types";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { PaymentProfilePatchSchema, SecretRotateSchema } from "@/lib/merchants/payment-profiles";
import { EventListQuerySchema } from "@/lib/sandbox/events";
import { SetStatusSchema } from "@/lib/sandbox/test-controls";
import { TimelineSchema } from "@/lib/sandbox/timeline";
import { WebhookCheckSchema } from "@/lib/sandbox/webhook-check";
import { EmptySchema, TransactionSchema } from "@/lib/schemas/transaction";
import { WebhookEventSchema } from "@/lib/schemas/webhook";
import { AdvanceSchema } from "@/lib/worker/advance";

const iso = z.string().describe("ISO 8601 UTC with milliseconds");

const PaymentProfileSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    webhook_transaction_update: z.string().describe('The general webhook URL (spec 2.5); "" when none'),
    webhook_url: z.string().meta({ deprecated: true, description: "Deprecated alias of webhook_transaction_update" }),
    enabled_products: z.array(z.enum(PAYMENT_PRODUCTS)),
    webhook_chaos: z.looseObject({}).nullable().describe("Chaos mode settings; null when off"),
    webhook_secret_hint: z.string().describe("The start of the signing secret"),
    previous_secret_expires_at: iso.nullable().describe("While both secrets sign (after a rotation)"),
    created_at: iso,
  })
  .meta({ id: "PaymentProfile" });

const EventListSchema = z
  .strictObject({ data: z.array(WebhookEventSchema), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: "EventList" });

const TimelineAnswerSchema = z
  .strictObject({
    transaction: z.uuid(),
    steps: z.array(z.strictObject({ at: iso, status: z.string(), reason: z.string() })),
  })
  .meta({ id: "Timeline" });

const WebhookCheckReportSchema = z
  .strictObject({
    checks: z.array(
      z.looseObject({
        name: z.string(),
        expected: z.string(),
        got: z.unknown(),
        pass: z.boolean(),
        advice: z.string(),
      }),
    ),
    passed: z.int(),
    failed: z.int(),
  })
  .loose()
  .meta({ id: "WebhookCheckReport" });

const TX = { id: "The transaction's id" };
const PROFILE = { id: "The payment profile's id" };
const transactionOk = { 200: { description: "The transaction", schema: TransactionSchema } };

/** The sandbox controls and webhook endpoints (issue 14, docs/testing.md) in the contract. */
export const SANDBOX_ROUTES: RouteContract[] = [
  {
    method: "get",
    path: "/v1/payment-profile/{id}",
    operationId: "getPaymentProfile",
    tag: "Payment profiles",
    summary: "A payment profile: webhook URL, enabled products, chaos mode",
    pathParams: PROFILE,
    responses: { 200: { description: "The payment profile", schema: PaymentProfileSchema } },
    errors: ["120"],
  },
  {
    method: "patch",
    path: "/v1/payment-profile/{id}",
    operationId: "updatePaymentProfile",
    tag: "Payment profiles",
    summary: "Change the webhook URL, the enabled products or the chaos mode",
    pathParams: PROFILE,
    body: { schema: PaymentProfilePatchSchema, required: true },
    responses: { 200: { description: "The payment profile", schema: PaymentProfileSchema } },
    errors: ["101", "120"],
  },
  {
    method: "post",
    path: "/v1/payment-profile/{id}/webhook-secret/rotate",
    operationId: "rotateWebhookSecret",
    tag: "Payment profiles",
    summary: "A new signing secret; both sign during the overlap",
    pathParams: PROFILE,
    body: { schema: SecretRotateSchema, required: false },
    responses: {
      200: {
        description: "The profile and its new secret (shown once)",
        schema: PaymentProfileSchema.extend({ webhook_secret: z.string() }).meta({ id: "RotatedPaymentProfile" }),
      },
    },
    errors: ["101", "120"],
  },
  {
    method: "get",
    path: "/v1/events",
    operationId: "listEvents",
    tag: "Webhooks",
    summary: "The organisation's webhook events, newest first",
    query: EventListQuerySchema,
    responses: { 200: { description: "A page of events", schema: EventListSchema } },
    errors: ["101"],
  },
  {
    method: "get",
    path: "/v1/events/stream",
    operationId: "streamEvents",
    tag: "Webhooks",
    summary: "Server-Sent Events: every new event, resumable with Last-Event-ID",
    responses: { 200: { description: "An event stream", contentType: "text/event-stream" } },
    errors: ["101", "120"],
  },
  {
    method: "post",
    path: "/v1/test/transaction/{id}/advance",
    operationId: "advanceTransaction",
    tag: "Sandbox",
    summary: "Run the transaction's next pending timer now",
    pathParams: TX,
    body: { schema: AdvanceSchema, required: false },
    responses: transactionOk,
    errors: ["101", "120"],
  },
  {
    method: "post",
    path: "/v1/test/transaction/{id}/status",
    operationId: "setTransactionStatus",
    tag: "Sandbox",
    summary: "Move the transaction to a status the table allows",
    pathParams: TX,
    body: { schema: SetStatusSchema, required: true },
    responses: transactionOk,
    errors: ["101", "120", "130"],
  },
  {
    method: "post",
    path: "/v1/test/transaction/{id}/timeline",
    operationId: "scriptTransactionTimeline",
    tag: "Sandbox",
    summary: "Scripted status changes, applied by the job queue in order",
    pathParams: TX,
    body: { schema: TimelineSchema, required: true },
    responses: { 202: { description: "The steps as scheduled", schema: TimelineAnswerSchema } },
    errors: ["101", "120"],
  },
  {
    method: "post",
    path: "/v1/test/webhook-check",
    operationId: "checkWebhookHandler",
    tag: "Sandbox",
    summary: "Grade a webhook handler with a battery of deliveries",
    body: { schema: WebhookCheckSchema, required: false },
    responses: { 200: { description: "The graded report", schema: WebhookCheckReportSchema } },
    errors: ["101", "120"],
  },
  {
    method: "post",
    path: "/v1/test/reset",
    operationId: "resetSandbox",
    tag: "Sandbox",
    summary: "Delete the organisation's transactions, customers, events (keeps profiles, keys, users)",
    body: { schema: EmptySchema, required: false },
    responses: {
      200: {
        description: "What was deleted",
        schema: z.strictObject({ deleted: z.record(z.string(), z.int()) }).meta({ id: "ResetCounts" }),
      },
    },
    errors: ["101"],
  },
];
