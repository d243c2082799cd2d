/**
 * What a Payrail status means for the shop's order. Client-safe (the orders page and the return
 * page both use it). `success` follows the spec: only SETTLEMENT_REQUESTED and
 * SETTLEMENT_COMPLETED count as paid.
 */
export type OrderState = "awaiting" | "paid" | "authorised" | "review" | "failed" | "cancelled";

/**
 * The store's own status for an order whose payment Payrail no longer knows (its 120 "not found":
 * a sandbox reset deletes the organisation's transactions). Not one of Payrail's statuses, so it
 * can never be confused with an answer from Payrail; nothing can be paid or cancelled any more.
 */
export const PAYMENT_GONE = "GONE";

export type OrderStatusView = { state: OrderState; label: string; tone: "green" | "amber" | "red" | "slate" };

export function orderStatus(paymentStatus: string): OrderStatusView {
  switch (paymentStatus) {
    case "SETTLEMENT_COMPLETED":
      return { state: "paid", label: "Paid · settled", tone: "green" };
    case "SETTLEMENT_REQUESTED":
      return { state: "paid", label: "Paid", tone: "green" };
    case "AUTHORIZED":
      return { state: "authorised", label: "Authorised", tone: "amber" };
    case "UNKNOWN":
      return { state: "review", label: "Under review", tone: "amber" };
    case "DECLINED":
      return { state: "failed", label: "Payment declined", tone: "red" };
    case "FAILED":
      return { state: "failed", label: "Payment failed", tone: "red" };
    case "CANCELLED":
      return { state: "cancelled", label: "Cancelled", tone: "slate" };
    case "ABANDONED":
      return { state: "cancelled", label: "Abandoned", tone: "slate" };
    case "AUTHORIZATION_VOIDED":
      return { state: "cancelled", label: "Authorisation voided", tone: "slate" };
    case PAYMENT_GONE:
      return { state: "cancelled", label: "Payment no longer exists", tone: "slate" };
    default:
      // NOT_STARTED, INITIATED, IN_PROGRESS, PENDING
      return { state: "awaiting", label: "Awaiting payment", tone: "amber" };
  }
}
