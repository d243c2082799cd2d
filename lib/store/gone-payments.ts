import { log } from "@/lib/log";
import { orderStatus, PAYMENT_GONE } from "@/lib/store/order-status";
import { applyPaymentStatus, getOrderByTransaction } from "@/lib/store/orders";
import { getPayrailClient, PayrailError } from "@/lib/store/payrail-client";

/**
 * Payrail's answer for a transaction it does not know: 404 `120`. For an order's own payment
 * that means it was deleted (`POST /v1/test/reset` deletes the organisation's transactions), so
 * the order can neither be paid nor cancelled any more and no webhook will ever come for it.
 */
export const isPaymentGone = (err: unknown) => err instanceof PayrailError && err.code === "120";

/**
 * Ends the order of a payment Payrail no longer knows, instead of leaving it "awaiting payment"
 * for ever. Only an open order: one that was paid (or failed) keeps the outcome it had.
 */
export async function markPaymentGone(transactionId: string): Promise<void> {
  const order = await getOrderByTransaction(transactionId);
  if (!order || orderStatus(order.paymentStatus).state !== "awaiting") return;
  await applyPaymentStatus({
    transactionId,
    status: PAYMENT_GONE,
    statusReason: "Payrail no longer knows this payment (the sandbox was reset)",
    at: new Date(),
    source: "check",
  });
}

type OpenOrder = { payrailTransactionId: string | null; paymentStatus: string };

/**
 * Asks Payrail about the open orders among `orders` (awaiting payment, with a transaction) and
 * marks those whose payment is gone. Only a 120 counts: any other failure (Payrail out of reach)
 * leaves the order as it was, since the payment may well still be open. Returns how many were
 * marked, so the caller knows to read the orders again.
 */
export async function markGonePayments(orders: readonly OpenOrder[], max = 10): Promise<number> {
  const open = orders
    .filter((o) => o.payrailTransactionId && orderStatus(o.paymentStatus).state === "awaiting")
    .slice(0, max);
  if (open.length === 0) return 0;
  try {
    const payrail = await getPayrailClient();
    const gone = await Promise.all(
      open.map(async (o) => {
        try {
          await payrail.getTransaction(o.payrailTransactionId!);
          return false;
        } catch (err) {
          if (!isPaymentGone(err)) return false;
          await markPaymentGone(o.payrailTransactionId!);
          return true;
        }
      }),
    );
    return gone.filter(Boolean).length;
  } catch (err) {
    log().warn({ err }, "store: could not check open payments");
    return 0;
  }
}
