import Link from "next/link";
import { retryOrder } from "@/app/(store)/store/actions";
import { ChooseAnotherMethod, OpenOrderActions } from "@/components/store/open-order-actions";
import { AutoRefresh } from "@/components/store/auto-refresh";
import { Card, Price, RefundBadge, StatusBadge } from "@/components/store/ui";
import { markGonePayments } from "@/lib/store/gone-payments";
import { orderStatus, PAYMENT_GONE } from "@/lib/store/order-status";
import { readMyOrderIds } from "@/lib/store/my-orders";
import { listOrders } from "@/lib/store/orders";
import { paymentMethodName } from "@/lib/store/payment-methods";

export const metadata = { title: "Orders" };

// Where the order's status came from, all in one form ("via …"): the status line reads
// "SETTLEMENT_COMPLETED · via webhook · 12:03:04 UTC".
const SOURCES: Record<string, string> = {
  start: "via checkout",
  return: "via return page",
  webhook: "via webhook",
  cancel: "via cancellation",
  check: "via status check",
};

const when = (d: Date) => `${d.toISOString().replace("T", " ").slice(0, 19)} UTC`;

// Shortened even for the shopper's own orders: a shared computer shows this page to the next person too.
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, "$1•••$2");

// GET /store/orders – the orders placed in this browser and their payment status, updated as webhooks arrive
export default async function OrdersPage() {
  const ids = await readMyOrderIds();
  let orders = await listOrders(ids);
  // No webhook ever comes for a payment Payrail no longer knows (a sandbox reset): the open ones
  // are asked about, so such an order ends as gone instead of "Awaiting payment" for ever.
  if ((await markGonePayments(orders)) > 0) orders = await listOrders(ids);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <AutoRefresh />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Orders</h1>
          <p className="mt-1 max-w-2xl text-stone-600">
            The orders placed in this browser. Payment statuses change as Payrail&apos;s webhooks arrive; this page
            refreshes itself.
          </p>
        </div>
        <p className="text-sm text-stone-500">
          {orders.length === 50 ? "Latest 50 orders" : `${orders.length} ${orders.length === 1 ? "order" : "orders"}`}
        </p>
      </div>

      {orders.length === 0 ? (
        <Card className="mt-6 px-6 py-12 text-center">
          <p className="text-lg font-medium text-stone-800">No orders yet.</p>
          <Link
            href="/store"
            className="mt-4 inline-flex rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
          >
            Go shopping
          </Link>
        </Card>
      ) : (
        <Card className="mt-6 overflow-hidden">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-stone-50 text-xs tracking-wide text-stone-500 uppercase md:table-header-group">
              <tr>
                <th className="px-5 py-3 font-semibold">Order</th>
                <th className="px-5 py-3 font-semibold">Items</th>
                <th className="px-5 py-3 font-semibold">Payment</th>
                <th className="px-5 py-3 text-right font-semibold">Total</th>
                <th className="px-5 py-3 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {orders.map((o) => {
                const status = orderStatus(o.paymentStatus);
                return (
                  <tr
                    key={o.id}
                    className="grid grid-cols-2 gap-x-4 gap-y-1 px-5 py-4 md:table-row md:p-0"
                    data-testid={`order-${o.reference}`}
                  >
                    <td className="md:px-5 md:py-4">
                      <p className="font-semibold text-stone-900">{o.reference}</p>
                      <p className="text-xs text-stone-500">
                        {when(o.createdAt)} · {o.customerName} ({maskEmail(o.email)})
                      </p>
                    </td>
                    <td className="col-span-2 row-start-3 text-stone-600 md:px-5 md:py-4">
                      {o.items.map((i) => `${i.name}${i.quantity > 1 ? ` ×${i.quantity}` : ""}`).join(", ")}
                    </td>
                    <td className="col-span-2 row-start-4 text-stone-600 md:px-5 md:py-4">
                      {paymentMethodName(o.paymentProduct)}
                    </td>
                    <td className="text-right font-semibold text-stone-900 md:px-5 md:py-4">
                      <Price amount={o.amount} />
                    </td>
                    <td className="col-span-2 md:px-5 md:py-4">
                      <span className="flex flex-wrap gap-1.5">
                        <StatusBadge view={status} testId="order-status" />
                        <RefundBadge refunded={o.refundedAmount} amount={o.amount} />
                      </span>
                      <p className="mt-1 text-xs text-stone-500" data-testid="order-status-detail">
                        <code>{o.paymentStatus}</code>
                        {o.paymentStatusSource
                          ? ` · ${SOURCES[o.paymentStatusSource] ?? `via ${o.paymentStatusSource}`}`
                          : ""}
                        {o.paymentStatusAt ? ` · ${when(o.paymentStatusAt).slice(11)}` : ""}
                      </p>
                      {status.state === "awaiting" && o.payrailTransactionId ? (
                        <OpenOrderActions order={o} retry={retryOrder} compact />
                      ) : o.paymentStatus === PAYMENT_GONE ? (
                        <ChooseAnotherMethod
                          orderId={o.id}
                          retry={retryOrder}
                          label="Order these items again"
                          className="mt-2"
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
    </main>
  );
}
