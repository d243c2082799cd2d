import { endpoint } from "@/lib/api/endpoint";
import { orNull } from "@/lib/errors/api-error";
import { getProcessor } from "@/lib/processors/registry";
import {
  CaptureSchema,
  EmptySchema,
  IssuersQuerySchema,
  RefundCreateSchema,
  TransactionListQuerySchema,
} from "@/lib/schemas/transaction";
import { cancelLean, captureLean, getStatusLean, getTransactionLean, voidLean } from "@/lib/transactions/lean";
import { listRefunds, refundTransaction } from "@/lib/transactions/operations";
import { getHistoryOrThrow, listTransactions } from "@/lib/transactions/queries";
import {
  serializeCheckoutSuccess,
  serializeHistory,
  serializeRefund,
  serializeTransaction,
} from "@/lib/transactions/serialize";
import { startTransactionLean } from "@/lib/transactions/start-lean";

// POST /v1/transaction/start – Start a transaction
export const startTransactionEndpoint = endpoint(
  {
    body: "required",
    resource: "transaction",
    idempotent: true,
    recover: async ({ effectId, auth }) => {
      const t = await orNull(getTransactionLean({ organisationId: auth.organisationId, id: effectId }));
      return t && { status: 201, body: serializeTransaction(t) };
    },
  },
  async ({ body, auth, effectId }) => {
    const t = await startTransactionLean({ organisationId: auth.organisationId, body, id: effectId });

    return { status: 201, body: serializeTransaction(t) };
  },
);

// GET /v1/transaction/<id> – The full transaction object
export const getTransactionEndpoint = endpoint({}, async ({ params, auth }) => {
  const t = await getTransactionLean({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: serializeTransaction(t) };
});

// GET /v1/transaction/<id>/checkoutsuccess – {status, status_reason, success}
export const checkoutSuccessEndpoint = endpoint({}, async ({ params, auth }) => {
  const t = await getStatusLean({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: serializeCheckoutSuccess(t) };
});

// GET /v1/transaction/<id>/history – Every status change, oldest first
export const historyEndpoint = endpoint({}, async ({ params, auth }) => {
  const rows = await getHistoryOrThrow({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: { data: rows.map(serializeHistory) } };
});

// GET /v1/transaction – List, newest first, filtered, cursor-paginated
export const listTransactionsEndpoint = endpoint({ resource: "transaction_list" }, async ({ query, auth, parse }) => {
  const q = parse(TransactionListQuerySchema, Object.fromEntries(query));
  const page = await listTransactions(auth.organisationId, q);

  return {
    status: 200,
    body: { data: page.rows.map(serializeTransaction), has_more: page.hasMore, next_cursor: page.nextCursor },
  };
});

// POST /v1/transaction/<id>/capture – AUTHORIZED → SETTLEMENT_REQUESTED
export const captureEndpoint = endpoint(
  { body: "optional", idempotent: true, resource: "capture" },
  async ({ params, body, auth, parse }) => {
    const { amount } = parse(CaptureSchema, body);
    const t = await captureLean({ organisationId: auth.organisationId, id: params.id, amount });

    return { status: 200, body: serializeTransaction(t) };
  },
);

// POST /v1/transaction/<id>/void – AUTHORIZED → AUTHORIZATION_VOIDED
export const voidEndpoint = endpoint(
  { body: "optional", idempotent: true, resource: "void" },
  async ({ params, body, auth, parse }) => {
    parse(EmptySchema, body);
    const t = await voidLean({ organisationId: auth.organisationId, id: params.id });

    return { status: 200, body: serializeTransaction(t) };
  },
);

// POST /v1/transaction/<id>/cancel – SETTLEMENT_REQUESTED → CANCELLED
export const cancelEndpoint = endpoint(
  { body: "optional", idempotent: true, resource: "cancel" },
  async ({ params, body, auth, parse }) => {
    parse(EmptySchema, body);
    const t = await cancelLean({ organisationId: auth.organisationId, id: params.id });

    return { status: 200, body: serializeTransaction(t) };
  },
);

// POST /v1/transaction/<id>/refund – Refund (part of) a settled transaction
export const refundEndpoint = endpoint(
  {
    body: "required",
    resource: "refund",
    idempotent: true,
    recover: async ({ effectId, auth, params }) => {
      const refunds = await orNull(listRefunds({ organisationId: auth.organisationId, id: params.id }));
      const refund = refunds?.find((r) => r.id === effectId);
      return refund ? { status: 201, body: serializeRefund(refund) } : null;
    },
  },
  async ({ params, body, auth, effectId, parse }) => {
    const input = parse(RefundCreateSchema, body);
    const refund = await refundTransaction({
      organisationId: auth.organisationId,
      id: params.id,
      ...input,
      refundId: effectId,
    });

    return { status: 201, body: serializeRefund(refund) };
  },
);

// GET /v1/transaction/<id>/refunds – The transaction's refunds, oldest first
export const listRefundsEndpoint = endpoint({}, async ({ params, auth }) => {
  const refunds = await listRefunds({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: { data: refunds.map(serializeRefund) } };
});

// GET /v1/issuers?payment_product=bank_selection – Issuers the shopper can pick from
export const issuersEndpoint = endpoint({ resource: "issuers" }, async ({ query, parse }) => {
  const { payment_product } = parse(IssuersQuerySchema, Object.fromEntries(query));

  return { status: 200, body: { data: getProcessor(payment_product).issuers ?? [] } };
});
