import type { Refund, Transaction, TransactionHistory } from "@/lib/generated/prisma/client";
import type { ProductId } from "@/lib/domain/products";
import { isSuccess, type TransactionStatus } from "@/lib/domain/statuses";
import { timestamp } from "@/lib/schemas/common";
import type { z } from "zod";
import type {
  CheckoutSuccess,
  HistoryEntrySchema,
  RefundObject,
  TransactionDetailsSchema,
  TransactionObject,
} from "@/lib/schemas/transaction";

// The serializers produce the response schemas' types (lib/schemas/transaction.ts): the OpenAPI
// document is generated from those schemas, so a field added here must be added there too.

export function serializeTransaction(t: Transaction): TransactionObject {
  return {
    id: t.id,
    payment_profile: t.paymentProfileId,
    amount: String(t.amount),
    customer: t.customerId,
    customer_ip: t.customerIp,
    dynamic_descriptor: t.dynamicDescriptor,
    merchant_reference: t.merchantReference,
    payment_product: t.paymentProduct as ProductId,
    ...(t.extraFields as { payment_product_type?: string; processor?: string }),
    user_agent: t.userAgent,
    details: t.details as z.infer<typeof TransactionDetailsSchema>,
    webhook_transaction_update: t.webhookUrl,
    status: t.status as TransactionStatus,
    status_reason: t.statusReason,
    last_status_update: timestamp(t.lastStatusUpdate),
    created_at: timestamp(t.createdAt),
  };
}

export function serializeCheckoutSuccess(t: Pick<Transaction, "status" | "statusReason">): CheckoutSuccess {
  const status = t.status as TransactionStatus;
  return { status, status_reason: t.statusReason, success: isSuccess(status) };
}

export function serializeHistory(h: TransactionHistory): z.infer<typeof HistoryEntrySchema> {
  return {
    status: h.toStatus as TransactionStatus,
    previous_status: (h.fromStatus ?? "") as TransactionStatus | "",
    reason: h.reason,
    actor: h.actor,
    created_at: timestamp(h.createdAt),
  };
}

export function serializeRefund(r: Refund): RefundObject {
  return {
    id: r.id,
    transaction: r.transactionId,
    amount: String(r.amount),
    reason: r.reason,
    status: r.status as RefundObject["status"],
    created_at: timestamp(r.createdAt),
    last_status_update: timestamp(r.lastStatusUpdate),
  };
}
