import Link from "next/link";
import { redirect } from "next/navigation";
import { retryOrder } from "@/app/(store)/store/actions";
import { ChooseAnotherMethod } from "@/components/store/open-order-actions";
import { CardPayment } from "@/components/store/card-payment";
import { OrderLines, OrderTotals } from "@/components/store/order-summary";
import { Card, Price } from "@/components/store/ui";
import { markGonePayments } from "@/lib/store/gone-payments";
import { orderStatus, PAYMENT_GONE } from "@/lib/store/order-status";
import { getOrder } from "@/lib/store/orders";
import { CARD_REDIRECT_FUNCTION } from "@/lib/store/payment-details";

export const metadata = { title: "Pay by card", robots: { index: false } };

type Props = { params: Promise<{ orderId: string }> };

// GET /store/checkout/card/<orderId> – the card form: Payrail's hosted page framed in the shop
export default async function CardPaymentPage({ params }: Props) {
  const { orderId } = await params;
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await getOrder(orderId) : null;
  if (order?.paymentProduct !== "card" || !order.approvalUrl || !order.payrailTransactionId) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <Card className="p-6">
          <h1 className="font-serif text-2xl font-bold">This card payment is not available</h1>
          <p className="mt-2 text-stone-600">The link is unknown or the order is not paid by card.</p>
          <Link href="/store/cart" className="mt-4 inline-block font-medium text-amber-800 hover:underline">
            Back to your cart
          </Link>
        </Card>
      </main>
    );
  }
  // Gone at Payrail (a sandbox reset): its page would only say "Payment not found". The resume
  // route puts the items back into the cart and says why.
  if (order.paymentStatus === PAYMENT_GONE || (await markGonePayments([order])) > 0)
    redirect(`/store/checkout/resume/${order.id}`);
  // Already decided (paid, failed, or finished in another tab): the return page shows the outcome.
  if (orderStatus(order.paymentStatus).state !== "awaiting")
    redirect(`/store/return?transaction_id=${order.payrailTransactionId}`);
  // payrail.js comes from where the shopper's browser reaches Payrail: approval_url's origin.
  const payrailOrigin = new URL(order.approvalUrl).origin;

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Pay by card</h1>
      <p className="mt-1 text-stone-600">
        Order {order.reference} · <Price amount={order.amount} className="font-semibold text-stone-900" />
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card className="p-4 sm:p-6">
          <p className="mb-4 flex items-center gap-2 text-sm text-stone-600">
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4 text-emerald-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
            >
              <rect x="5" y="10.5" width="14" height="10" rx="2" />
              <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
            </svg>
            Your card details go straight to Payrail in this secure window; our shop never sees them.
          </p>
          <CardPayment
            approvalUrl={order.approvalUrl}
            scriptSrc={`${payrailOrigin}/js/payrail.js`}
            functionName={CARD_REDIRECT_FUNCTION}
          />
          <ChooseAnotherMethod orderId={order.id} retry={retryOrder} className="mt-4 text-center" />
        </Card>
        <aside>
          <Card className="p-5">
            <h2 className="font-semibold text-stone-900">Your order</h2>
            <div className="mt-2">
              <OrderLines
                lines={order.items.map((i) => ({
                  key: i.id,
                  name: i.name,
                  quantity: i.quantity,
                  total: i.unitPrice * i.quantity,
                }))}
              />
            </div>
            <OrderTotals subtotal={order.subtotal} shipping={order.shipping} total={order.amount} />
          </Card>
        </aside>
      </div>
    </main>
  );
}
