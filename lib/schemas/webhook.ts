import { z } from "zod";
import { STATUSES } from "@/lib/domain/statuses";

const REFUND_STATUSES = ["PENDING", "PROCESSED", "FAILED"] as const;
const WEBHOOK_EVENT_STATUSES = ["pending", "delivered", "failed", "skipped"] as const;

const iso = z.string().describe("ISO 8601 UTC with milliseconds");

/** The body POSTed to `webhook_transaction_update` (docs/webhooks.md), frozen when the change happens. */
const TransactionEventPayloadSchema = z
  .strictObject({
    type: z.literal("transaction"),
    id: z.string().describe("The transaction's id"),
    status: z.enum(STATUSES),
    status_reason: z.string(),
    amount: z.string().describe("Minor units, as a string"),
    merchant_reference: z.string(),
    last_status_update: iso,
  })
  .meta({ id: "TransactionEventPayload" });

const RefundEventPayloadSchema = z
  .strictObject({
    type: z.literal("refund"),
    id: z.string().describe("The refund's id"),
    transaction: z.string().describe("The refunded transaction's id"),
    status: z.enum(REFUND_STATUSES),
    status_reason: z.string(),
    amount: z.string().describe("The refund's amount in minor units, as a string"),
    merchant_reference: z.string(),
    last_status_update: iso,
  })
  .meta({ id: "RefundEventPayload" });

export const WebhookPayloadSchema = z
  .discriminatedUnion("type", [TransactionEventPayloadSchema, RefundEventPayloadSchema])
  .meta({ id: "WebhookPayload", description: "A webhook body: a transaction's or a refund's new status." });

const WebhookAttemptSchema = z
  .strictObject({
    attempt: z.int(),
    trigger: z.enum(["schedule", "resend"]),
    url: z.string(),
    started_at: iso,
    duration_ms: z.int(),
    status_code: z.int().nullable().describe("The receiver's HTTP status; null when no response arrived"),
    error: z.string().nullable().describe("Network error, timeout or refused target; null when a response arrived"),
    response_excerpt: z.string().describe("The first 1 KiB of the response body"),
    chaos: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Only when the payment profile's chaos mode acted on this attempt: what it did"),
  })
  .meta({ id: "WebhookAttempt" });

export const WebhookEventSchema = z
  .strictObject({
    id: z.string().describe("The event's id: the webhook-id header of every attempt"),
    type: z.enum(["transaction", "refund"]),
    transaction: z.string(),
    status: z.enum(WEBHOOK_EVENT_STATUSES),
    url: z.string().describe('Where it is delivered; "" when no URL applied'),
    payload: WebhookPayloadSchema,
    created_at: iso,
    delivered_at: iso.nullable(),
    next_attempt_at: iso.nullable(),
    attempts: z.array(WebhookAttemptSchema),
  })
  .meta({ id: "WebhookEvent" });
export type WebhookEventObject = z.infer<typeof WebhookEventSchema>;

export const WebhookEventListSchema = z
  .strictObject({ data: z.array(WebhookEventSchema) })
  .meta({ id: "WebhookEventList" });
