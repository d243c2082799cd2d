import { z } from "zod";
import { CustomerCreateSchema, CustomerSchema } from "@/lib/schemas/customer";
import {
  CaptureSchema,
  CheckoutSuccessSchema,
  EmptySchema,
  HistoryListSchema,
  IssuerListSchema,
  IssuersQuerySchema,
  RefundCreateSchema,
  RefundListSchema,
  RefundSchema,
  TransactionListQuerySchema,
  TransactionListSchema,
  TransactionSchema,
} from "@/lib/schemas/transaction";
import { WebhookEventListSchema, WebhookEventSchema } from "@/lib/schemas/webhook";
import {
  checkoutSuccessExample,
  customerCreateExample,
  customerExample,
  historyExample,
  issuersExample,
  refundExample,
  settledTransactionExample,
  startExamples,
  transactionExample,
  webhookEventExample,
} from "@/lib/api/contract/examples";
import { TransactionStartRequestSchema } from "@/lib/api/contract/start-request";
import { SANDBOX_ROUTES } from "@/lib/api/contract/sandbox-routes";
import type { RouteContract } from "@/lib/api/contract/types";

export type { RouteContract } from "@/lib/api/contract/types";

const TX = { id: "The transaction's id" };
const transactionOk = (description: string) => ({
  description,
  schema: TransactionSchema,
  example: settledTransactionExample,
});

/** The OpenAPI document's own shape, as far as this route's contract goes. */
const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ id: "OpenApiDocument" });

/**
 * THE contract of the public API: every path and method with its request and response schemas.
 * The OpenAPI document (GET /v1/openapi.json), the reference page (/docs/api) and the typed client
 * (lib/client/) are generated from this list. Adding a route: docs/openapi.md.
 */
export const ROUTES: RouteContract[] = [
  {
    method: "post",
    path: "/v1/customer",
    operationId: "createCustomer",
    tag: "Customers",
    summary: "Create a customer",
    body: { schema: CustomerCreateSchema, required: true, example: customerCreateExample },
    idempotent: true,
    responses: { 201: { description: "The customer, created", schema: CustomerSchema, example: customerExample } },
    errors: ["101", "120"],
  },
  {
    method: "get",
    path: "/v1/customer/{id}",
    operationId: "getCustomer",
    tag: "Customers",
    summary: "Read a customer",
    pathParams: { id: "The customer's id" },
    responses: { 200: { description: "The customer", schema: CustomerSchema, example: customerExample } },
    errors: ["120"],
  },
  {
    method: "post",
    path: "/v1/transaction/start",
    operationId: "startTransaction",
    tag: "Transactions",
    summary: "Start a transaction",
    description:
      "Creates a transaction for one payment product. Every start answers INITIATED (only the dummy product's " +
      "`dummy_outcome` sets a status at once). Products with a hosted page carry `details.approval_url`, where the " +
      "shopper approves; a server-to-server charge (bnpl, direct debit, a card token, a wallet token) is decided " +
      "at once and its result follows right after, through the webhook and `GET .../checkoutsuccess`.",
    body: {
      schema: TransactionStartRequestSchema,
      required: true,
      examples: Object.fromEntries(Object.entries(startExamples).map(([k, value]) => [k, { summary: k, value }])),
    },
    idempotent: true,
    responses: {
      201: { description: "The transaction, started", schema: TransactionSchema, example: transactionExample },
    },
    errors: ["101", "120", "150"],
  },
  {
    method: "get",
    path: "/v1/transaction",
    operationId: "listTransactions",
    tag: "Transactions",
    summary: "List transactions",
    description: "Newest first, filtered, cursor-paginated.",
    query: TransactionListQuerySchema,
    responses: {
      200: {
        description: "A page of transactions",
        schema: TransactionListSchema,
        example: { data: [transactionExample], has_more: false, next_cursor: null },
      },
    },
    errors: ["101"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}",
    operationId: "getTransaction",
    tag: "Transactions",
    summary: "Read a transaction",
    pathParams: TX,
    responses: { 200: { description: "The transaction", schema: TransactionSchema, example: transactionExample } },
    errors: ["120"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}/checkoutsuccess",
    operationId: "checkoutSuccess",
    tag: "Transactions",
    summary: "Did the checkout succeed?",
    pathParams: TX,
    responses: {
      200: { description: "Status and success flag", schema: CheckoutSuccessSchema, example: checkoutSuccessExample },
    },
    errors: ["120"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}/history",
    operationId: "transactionHistory",
    tag: "Transactions",
    summary: "Status history",
    description: "Every status change, oldest first.",
    pathParams: TX,
    responses: { 200: { description: "The status changes", schema: HistoryListSchema, example: historyExample } },
    errors: ["120"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}/authorize",
    operationId: "authorizeTransaction",
    tag: "Transactions",
    summary: "The approval_url (for the shopper's browser)",
    description: "Opened by the shopper's browser, no API key: redirects to the hosted page of the payment product.",
    auth: "none",
    pathParams: TX,
    responses: {
      303: {
        description: "To the hosted page (or the merchant's redirect_url once decided, or on failure)",
        headers: {
          Location: { description: "Where the browser goes next", required: true },
          "Set-Cookie": { description: "The shopper's session for this payment's hosted pages" },
        },
      },
      403: {
        description: "Opened before in another browser: only that one can complete it (an HTML page)",
        contentType: "text/html",
      },
      404: { description: "Unknown or expired payment link (an HTML page)", contentType: "text/html" },
      500: {
        description: "Something went wrong and no return address is known (an HTML page)",
        contentType: "text/html",
      },
    },
  },
  {
    method: "post",
    path: "/v1/transaction/{id}/capture",
    operationId: "captureTransaction",
    tag: "Operations",
    summary: "Capture an authorized transaction",
    description: "AUTHORIZED → SETTLEMENT_REQUESTED, for the whole amount or less.",
    pathParams: TX,
    body: { schema: CaptureSchema, required: false, example: { amount: 1999 } },
    idempotent: true,
    responses: { 200: transactionOk("The transaction, captured") },
    errors: ["101", "120", "130"],
  },
  {
    method: "post",
    path: "/v1/transaction/{id}/void",
    operationId: "voidTransaction",
    tag: "Operations",
    summary: "Void an authorization",
    description: "AUTHORIZED → AUTHORIZATION_VOIDED.",
    pathParams: TX,
    body: { schema: EmptySchema, required: false, example: {} },
    idempotent: true,
    responses: { 200: transactionOk("The transaction, voided") },
    errors: ["101", "120", "130"],
  },
  {
    method: "post",
    path: "/v1/transaction/{id}/cancel",
    operationId: "cancelTransaction",
    tag: "Operations",
    summary: "Cancel an open payment or a settlement request",
    description:
      "INITIATED, IN_PROGRESS, PENDING or SETTLEMENT_REQUESTED → CANCELLED. An open payment is cancelled when the shopper chose another way to pay: its approval_url then sends them back with `error`, and it can no longer be paid.",
    pathParams: TX,
    body: { schema: EmptySchema, required: false, example: {} },
    idempotent: true,
    responses: { 200: transactionOk("The transaction, cancelled") },
    errors: ["101", "120", "130"],
  },
  {
    method: "post",
    path: "/v1/transaction/{id}/refund",
    operationId: "refundTransaction",
    tag: "Operations",
    summary: "Refund (part of) a settled transaction",
    pathParams: TX,
    body: { schema: RefundCreateSchema, required: true, example: { amount: 500, reason: "Returned one item" } },
    idempotent: true,
    responses: { 201: { description: "The refund, created (PENDING)", schema: RefundSchema, example: refundExample } },
    errors: ["101", "120", "130"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}/refunds",
    operationId: "listRefunds",
    tag: "Operations",
    summary: "The transaction's refunds",
    pathParams: TX,
    responses: {
      200: { description: "Oldest first", schema: RefundListSchema, example: { data: [refundExample] } },
    },
    errors: ["120"],
  },
  {
    method: "get",
    path: "/v1/transaction/{id}/webhooks",
    operationId: "listTransactionWebhooks",
    tag: "Webhooks",
    summary: "The transaction's webhook events and delivery attempts",
    pathParams: TX,
    responses: {
      200: { description: "Oldest first", schema: WebhookEventListSchema, example: { data: [webhookEventExample] } },
    },
    errors: ["120"],
  },
  {
    method: "post",
    path: "/v1/webhook-event/{id}/resend",
    operationId: "resendWebhookEvent",
    tag: "Webhooks",
    summary: "Send a webhook event again, now",
    pathParams: { id: "The webhook event's id (its webhook-id header)" },
    body: { schema: EmptySchema, required: false, example: {} },
    responses: {
      202: {
        description: "Queued: the event with its attempts so far",
        schema: WebhookEventSchema,
        example: webhookEventExample,
      },
    },
    errors: ["101", "120", "130"],
  },
  {
    method: "get",
    path: "/v1/issuers",
    operationId: "listIssuers",
    tag: "Transactions",
    summary: "Issuers the shopper can choose from",
    query: IssuersQuerySchema,
    responses: { 200: { description: "The product's issuers", schema: IssuerListSchema, example: issuersExample } },
    errors: ["101"],
  },
  {
    method: "get",
    path: "/v1/openapi.json",
    operationId: "openApiDocument",
    tag: "Contract",
    summary: "This OpenAPI document",
    auth: "none",
    responses: { 200: { description: "OpenAPI 3.1", schema: OpenApiDocumentSchema } },
  },
  ...SANDBOX_ROUTES,
];
