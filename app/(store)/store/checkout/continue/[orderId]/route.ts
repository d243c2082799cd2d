import { writeCartItems } from "@/lib/store/cart-cookie";
import { getOrder } from "@/lib/store/orders";
import { nextStepOf } from "@/lib/store/checkout";

// GET /store/checkout/continue/<orderId> – the placed order's next step; empties the cart on the way.
// (Emptying it inside the checkout's Server Action would re-render the checkout page with an empty
// cart before the browser could leave for the payment.)
// An unknown order goes back to the cart by a relative Location: req.url carries the address the
// server listens on (0.0.0.0 behind the custom server), not the one the shopper used.
export async function GET(_req: Request, { params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await getOrder(orderId) : null;
  if (!order?.payrailTransactionId) return seeOther("/store/cart");
  await writeCartItems([]);

  return seeOther(nextStepOf(order));
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
