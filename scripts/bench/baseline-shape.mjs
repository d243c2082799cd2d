// What the two baselines, (b) bare and (d) Next + Prisma, share: the start body's minimal shape
// check and the transaction as JSON. No validation beyond the shape, as their work is defined.

/** True when a start body has the fields the baselines need, of the right types. */
export function isStartShape(body) {
  return (
    Boolean(body) &&
    typeof body.payment_profile === "string" &&
    Number.isInteger(body.amount) &&
    typeof body.customer === "string" &&
    typeof body.payment_product === "string"
  );
}

/** A transactions row (pg or Prisma: the same column names) as the API's transaction object. */
export function serialize(t) {
  return {
    id: t.id,
    payment_profile: t.paymentProfileId,
    amount: String(t.amount),
    customer: t.customerId,
    customer_ip: t.customerIp,
    dynamic_descriptor: t.dynamicDescriptor,
    merchant_reference: t.merchantReference,
    payment_product: t.paymentProduct,
    user_agent: t.userAgent,
    details: t.details,
    webhook_transaction_update: t.webhookUrl,
    status: t.status,
    status_reason: t.statusReason,
    last_status_update: t.lastStatusUpdate.toISOString(),
    created_at: t.createdAt.toISOString(),
  };
}
