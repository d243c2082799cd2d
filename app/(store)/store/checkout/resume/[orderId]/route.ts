import { restoreOrderToCart } from "@/lib/store/cart-cookie";
import { nextStepOf } from "@/lib/store/checkout";
import { markGonePayments } from "@/lib/store/gone-payments";
import { readMyOrderIds } from "@/lib/store/my-orders";
import { orderStatus, PAYMENT_GONE } from "@/lib/store/order-status";
import { getOrder } from "@/lib/store/orders";

// GET /store/checkout/resume/<orderId> – "Continue paying" on an open order of this browser.
// Payrail is asked first whether the payment still exists: after a sandbox reset its page would
// only say "Payment not found". A gone payment ends the order, its items go back into the cart
// (as "Choose another payment method" does) and the cart says why. A payment finished meanwhile
// shows its outcome. Relative Locations, as in the continue route next door.
export async function GET(_req: Request, { params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  const mine = (await readMyOrderIds()).includes(orderId);
  let order = mine ? await getOrder(orderId) : null;
  if (!order?.payrailTransactionId) return seeOther("/store/cart");
  if ((await markGonePayments([order])) > 0) order = (await getOrder(orderId)) ?? order;
  if (order.paymentStatus === PAYMENT_GONE) {
    await restoreOrderToCart(order);
    return seeOther(`/store/cart?payment_gone=${encodeURIComponent(order.reference)}`);
  }
  if (orderStatus(order.paymentStatus).state !== "awaiting")
    return seeOther(`/store/return?transaction_id=${encodeURIComponent(order.payrailTransactionId ?? "")}`);

  return seeOther(nextStepOf(order));
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
