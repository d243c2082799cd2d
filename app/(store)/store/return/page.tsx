import { AutoRefresh } from "@/components/store/auto-refresh";
import Link from "next/link";
import type { ReactNode } from "react";
import { retryOrder } from "@/app/(store)/store/actions";
import { OrderLines, OrderTotals } from "@/components/store/order-summary";
import { Alert, Card, primaryButtonClass, RefundBadge, secondaryButtonClass, StatusBadge } from "@/components/store/ui";
import { confirmReturn } from "@/lib/store/confirm-return";
import { readMyOrderIds } from "@/lib/store/my-orders";
import { orderStatus } from "@/lib/store/order-status";
import { paymentMethodName } from "@/lib/store/payment-methods";

export const metadata = { title: "Your order", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// GET /store/return?transaction_id=...[&error=...] – the redirect_url: outcome checked server-side
export default async function ReturnPage({ searchParams }: Props) {
  const view = await confirmReturn(await searchParams);

  if (view.kind === "problem") {
    return (
      <Shell>
        <Card className="p-6 sm:p-8" data-testid="return-problem">
          <StateIcon tone="amber" />
          <h1 className="mt-4 font-serif text-2xl font-bold">{view.title}</h1>
          <p className="mt-2 text-stone-600">{view.message}</p>
          {view.error ? <ServiceNote error={view.error} /> : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href="/store/orders" className={secondaryButtonClass}>
              See orders
            </Link>
            <Link href="/store" className={secondaryButtonClass}>
              Back to the shop
            </Link>
          </div>
        </Card>
      </Shell>
    );
  }

  const { order } = view;
  const status = orderStatus(view.status);
  const outcome = view.success
    ? "success"
    : status.state === "failed" || status.state === "cancelled"
      ? "failure"
      : "pending";
  const mine = (await readMyOrderIds()).includes(order.id);
  const firstName = mine ? (order.customer as Record<string, string>).first_name || order.customerName : "";

  return (
    <Shell>
      <Card className="overflow-hidden" data-testid={`return-${outcome}`}>
        <div className="p-6 sm:p-8">
          <StateIcon tone={outcome === "success" ? "green" : outcome === "failure" ? "red" : "amber"} />
          {outcome === "success" ? (
            <>
              <h1 className="mt-4 font-serif text-2xl font-bold sm:text-3xl">
                Thank you{firstName ? `, ${firstName}` : ""}!
              </h1>
              <p className="mt-2 text-stone-600">
                Your payment was received and order <strong className="text-stone-900">{order.reference}</strong> is
                confirmed. We&apos;ll roast and ship it within two working days.
              </p>
            </>
          ) : outcome === "failure" ? (
            <>
              <h1 className="mt-4 font-serif text-2xl font-bold sm:text-3xl">Your payment did not go through</h1>
              <p className="mt-2 text-stone-600">
                Order <strong className="text-stone-900">{order.reference}</strong> was not paid, so nothing will be
                shipped and you have not been charged.
                {view.statusReason ? ` Reason: ${view.statusReason}.` : ""}
              </p>
            </>
          ) : (
            <>
              {/* A server-to-server result follows the start within moments: show it when it is there. */}
              <AutoRefresh everyMs={1500} />
              <h1 className="mt-4 font-serif text-2xl font-bold sm:text-3xl">We&apos;re waiting for your payment</h1>
              <p className="mt-2 text-stone-600">
                Order <strong className="text-stone-900">{order.reference}</strong> is placed; the payment is not
                confirmed yet
                {view.statusReason ? `: ${view.statusReason}` : ""}. This page and your orders update as soon as it is.
              </p>
            </>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-stone-500">
            <StatusBadge view={status} testId="payment-status" />
            <RefundBadge refunded={order.refundedAmount} amount={order.amount} />
            <span>
              {paymentMethodName(order.paymentProduct)} · Payrail status{" "}
              <code className="text-stone-700">{view.status}</code>
            </span>
          </div>
          {view.error ? <ServiceNote error={view.error} /> : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {outcome === "failure" ? (
              <form action={retryOrder}>
                <input type="hidden" name="order_id" value={order.id} />
                <button type="submit" className={`${primaryButtonClass} w-auto px-5`}>
                  Try again
                </button>
              </form>
            ) : null}
            <Link href="/store/orders" className={secondaryButtonClass}>
              See orders
            </Link>
            <Link href="/store" className={secondaryButtonClass}>
              Continue shopping
            </Link>
          </div>
        </div>
        <div className="border-t border-stone-100 bg-stone-50/60 p-6 sm:px-8">
          <h2 className="text-sm font-semibold text-stone-900">Order {order.reference}</h2>
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
          {/* The address only for the browser that placed the order: this URL travels (webhooks, history, logs). */}
          {mine ? (
            <p className="mt-3 text-xs text-stone-500" data-testid="ships-to">
              Ships to {order.customerName},{" "}
              {[
                (order.customer as Record<string, string>).street_address,
                (order.customer as Record<string, string>).house_number,
              ]
                .filter(Boolean)
                .join(" ")}
              , {(order.customer as Record<string, string>).city}
            </p>
          ) : (
            <p className="mt-3 text-xs text-stone-500" data-testid="ships-to">
              Ships to the address given at checkout.
            </p>
          )}
        </div>
      </Card>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      {children}
    </main>
  );
}

function ServiceNote({ error }: { error: string }) {
  return (
    <div className="mt-4">
      <Alert tone="amber">
        <span className="font-medium">Message from the payment page:</span>{" "}
        <span data-testid="return-error">{error}</span>
      </Alert>
    </div>
  );
}

function StateIcon({ tone }: { tone: "green" | "red" | "amber" }) {
  const styles = {
    green: "bg-emerald-100 text-emerald-700",
    red: "bg-red-100 text-red-700",
    amber: "bg-amber-100 text-amber-800",
  }[tone];
  const path = { green: "M5 12.5l4.5 4.5L19 7.5", red: "M7 7l10 10M17 7L7 17", amber: "M12 7v5.5l3.5 2" }[tone];
  return (
    <span className={`inline-flex h-12 w-12 items-center justify-center rounded-full ${styles}`} aria-hidden>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {tone === "amber" ? <circle cx="12" cy="12" r="8.5" strokeWidth="2" /> : null}
        <path d={path} />
      </svg>
    </span>
  );
}
