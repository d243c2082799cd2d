import type { Refund, Transaction, TransactionHistory } from "@/lib/generated/prisma/client";
import { timestamp } from "@/lib/schemas/common";
import type { TransactionObject } from "@/lib/schemas/transaction";
import { isSuccess, type TransactionStatus } from "@/lib/domain/statuses";

export function serializeTransaction(t: Transaction): TransactionObject {
  return {
    id: t.id,
    payment_profile: t.paymentProfileId,
    amount: String(t.amount),
    customer: t.customerId,
    customer_ip: t.customerIp,
    dynamic_descriptor: t.dynamicDescriptor,
    merchant_reference: t.merchantReference,
    payment_product: t.paymentProduct,
    ...(t.extraFields as Record<string, string>),
    user_agent: t.userAgent,
    details: t.details as Record<string, unknown>,
    webhook_transaction_update: t.webhookUrl,
    status: t.status,
    status_reason: t.statusReason,
    last_status_update: timestamp(t.lastStatusUpdate),
    created_at: timestamp(t.createdAt),
  };
}

export function serializeCheckoutSuccess(t: Pick<Transaction, "status" | "statusReason">) {
  return { status: t.status, status_reason: t.statusReason, success: isSuccess(t.status as TransactionStatus) };
}

export function serializeHistory(h: TransactionHistory) {
  return {
    status: h.toStatus,
    previous_status: h.fromStatus ?? "",
    reason: h.reason,
    actor: h.actor,
    created_at: timestamp(h.createdAt),
  };
}

export function serializeRefund(r: Refund) {
  return {
    id: r.id,
    transaction: r.transactionId,
    amount: String(r.amount),
    reason: r.reason,
    status: r.status,
    created_at: timestamp(r.createdAt),
    last_status_update: timestamp(r.lastStatusUpdate),
  };
}
