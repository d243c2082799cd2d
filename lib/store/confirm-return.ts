import { log } from "@/lib/log";
import { isPaymentGone, markPaymentGone } from "@/lib/store/gone-payments";
import { applyPaymentStatus, getOrderByTransaction, type StoreOrder } from "@/lib/store/orders";
import {
  type CheckoutSuccess,
  getPayrailClient,
  PayrailError,
  type PayrailTransaction,
} from "@/lib/store/payrail-client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReturnView =
  /** No usable transaction_id, or one Payrail or this shop does not know: nothing to show but a message. */
  | { kind: "problem"; title: string; message: string; error?: string }
  | { kind: "result"; success: boolean; status: string; statusReason: string; order: StoreOrder; error?: string };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The return page (`redirect_url`): the query string only says which transaction to look at.
 * Whether it succeeded comes from Payrail's `checkoutsuccess`, asked by the server, and the
 * order must be one of this shop's.
 */
export async function confirmReturn(query: Record<string, string | string[] | undefined>): Promise<ReturnView> {
  const transactionId = first(query.transaction_id)?.trim() ?? "";
  // Shown, never trusted: Payrail appends `error` when the redirect itself went wrong.
  const error = first(query.error)?.slice(0, 500) || undefined;
  if (!transactionId) {
    return {
      kind: "problem",
      title: "No payment to show",
      message: "This page is where you land after paying, but the link has no payment reference.",
      error,
    };
  }
  if (!UUID.test(transactionId)) {
    return {
      kind: "problem",
      title: "We couldn't read this payment link",
      message: "The payment reference in the link is not valid. If you just paid, check your orders or contact us.",
      error,
    };
  }

  let check: CheckoutSuccess;
  let transaction: PayrailTransaction;
  try {
    const payrail = await getPayrailClient();
    [check, transaction] = await Promise.all([
      payrail.checkoutSuccess(transactionId),
      payrail.getTransaction(transactionId),
    ]);
  } catch (err) {
    if (err instanceof PayrailError && (err.status === 404 || err.status === 400)) {
      // One of the shop's open orders whose payment Payrail no longer knows (a sandbox reset) ends here.
      if (isPaymentGone(err)) await markPaymentGone(transactionId).catch(() => {});
      return {
        kind: "problem",
        title: "Payment not found",
        message: "We could not find this payment in our shop. If you just paid, check your orders or contact us.",
        error,
      };
    }
    log().error({ err, transactionId }, "store: return page could not check the payment");
    return {
      kind: "problem",
      title: "We couldn't confirm your payment yet",
      message:
        "The payment service did not answer. Please reload this page in a moment; you will not be charged twice.",
      error,
    };
  }

  const order = await getOrderByTransaction(transactionId);
  if (!order) {
    return {
      kind: "problem",
      title: "Payment not found",
      message: "This payment does not belong to an order in our shop.",
      error,
    };
  }
  // The verified status is news for the order too (webhooks may come later, or not at all). Status
  // and time from one answer, so the order's "newer wins" rule compares like with like.
  await applyPaymentStatus({
    transactionId,
    status: transaction.status,
    statusReason: transaction.status_reason,
    at: new Date(transaction.last_status_update),
    source: "return",
  });

  return {
    kind: "result",
    success: check.success,
    status: check.status,
    statusReason: check.status_reason,
    order: (await getOrderByTransaction(transactionId)) ?? order,
    error,
  };
}
