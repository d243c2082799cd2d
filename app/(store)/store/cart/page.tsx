import Image from "next/image";
import Link from "next/link";
import { retryOrder, updateCartLine } from "@/app/(store)/store/actions";
import { OpenOrderActions } from "@/components/store/open-order-actions";
import { OrderTotals } from "@/components/store/order-summary";
import { Alert, Card, Price, primaryButtonClass } from "@/components/store/ui";
import { MAX_QUANTITY } from "@/lib/store/cart";
import { readCart } from "@/lib/store/cart-cookie";
import { FREE_SHIPPING_FROM } from "@/lib/store/catalogue";
import { markGonePayments } from "@/lib/store/gone-payments";
import { readMyOrderIds } from "@/lib/store/my-orders";
import { orderStatus } from "@/lib/store/order-status";
import { listOrders } from "@/lib/store/orders";

export const metadata = { title: "Your cart" };

type Props = { searchParams: Promise<{ payment_gone?: string | string[] }> };

// GET /store/cart – the cart, priced from the catalogue
export default async function CartPage({ searchParams }: Props) {
  const cart = await readCart();
  const open = cart.lines.length === 0 ? await findOpenOrder() : undefined;
  // Set by the resume route: "Continue paying" found the order's payment gone and put its items back here.
  const gone = String((await searchParams).payment_gone ?? "");

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Your cart</h1>
      {/^PC-[A-Z0-9]{6}$/.test(gone) && cart.lines.length > 0 ? (
        <div className="mt-4" data-testid="payment-gone">
          <Alert tone="amber">
            The payment of your order {gone} no longer exists at Payrail, so it can&apos;t be finished. Its items are
            back in your cart: check out again to pay.
          </Alert>
        </div>
      ) : null}
      {open ? (
        <Card className="mt-6 px-6 py-10 text-center" data-testid="open-order">
          <p className="text-lg font-medium text-stone-800">Your order {open.reference} is waiting for its payment.</p>
          <p className="mt-1 text-stone-500">
            {open.items.map((i) => `${i.name}${i.quantity > 1 ? ` ×${i.quantity}` : ""}`).join(", ")}
          </p>
          <OpenOrderActions order={open} retry={retryOrder} />
        </Card>
      ) : cart.lines.length === 0 ? (
        <Card className="mt-6 px-6 py-12 text-center">
          <p className="text-lg font-medium text-stone-800">Your cart is empty.</p>
          <p className="mt-1 text-stone-500">Freshly roasted beans are waiting.</p>
          <Link
            href="/store"
            className="mt-6 inline-flex rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
          >
            Continue shopping
          </Link>
        </Card>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <Card>
            <ul className="divide-y divide-stone-100">
              {cart.lines.map((line) => (
                <li
                  key={line.product.id}
                  className="flex gap-4 p-4 sm:p-5"
                  data-testid={`cart-line-${line.product.id}`}
                >
                  <Image
                    src={line.product.image}
                    alt=""
                    width={120}
                    height={90}
                    unoptimized
                    className="h-20 w-24 flex-none rounded-lg object-cover sm:h-24 sm:w-32"
                  />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold text-stone-900">{line.product.name}</p>
                        <p className="text-sm text-stone-500">{line.product.subtitle}</p>
                      </div>
                      <Price amount={line.total} className="font-semibold" />
                    </div>
                    {/* Each control a 44 px tap target on a phone, 36 px from sm up (WCAG 2.5.8: ≥ 24 px). */}
                    <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3">
                      <form action={updateCartLine} className="flex items-center gap-2">
                        <input type="hidden" name="product_id" value={line.product.id} />
                        <label
                          className="inline-flex min-h-11 items-center text-sm text-stone-500 sm:min-h-9"
                          htmlFor={`qty-${line.product.id}`}
                        >
                          Qty
                        </label>
                        <select
                          id={`qty-${line.product.id}`}
                          name="quantity"
                          defaultValue={line.quantity}
                          className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm sm:min-h-9"
                          aria-label={`Quantity of ${line.product.name}`}
                        >
                          {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((q) => (
                            <option key={q} value={q}>
                              {q}
                            </option>
                          ))}
                        </select>
                        <button
                          type="submit"
                          className="inline-flex min-h-11 items-center rounded-lg px-2 py-1.5 text-sm font-medium text-amber-800 hover:bg-amber-50 sm:min-h-9"
                        >
                          Update
                        </button>
                      </form>
                      <form action={updateCartLine}>
                        <input type="hidden" name="product_id" value={line.product.id} />
                        <input type="hidden" name="quantity" value="0" />
                        <button
                          type="submit"
                          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm text-stone-500 underline-offset-2 hover:text-stone-800 hover:underline sm:min-h-9"
                          aria-label={`Remove ${line.product.name}`}
                        >
                          Remove
                        </button>
                      </form>
                      <span className="ml-auto text-sm text-stone-500">
                        <Price amount={line.product.price} /> each
                      </span>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <Card className="h-fit p-5">
            <h2 className="font-semibold text-stone-900">Summary</h2>
            <OrderTotals subtotal={cart.subtotal} shipping={cart.shipping} total={cart.total} />
            {cart.shipping > 0 ? (
              <p className="mt-3 text-xs text-stone-500">
                Add <Price amount={FREE_SHIPPING_FROM - cart.subtotal} /> more for free shipping.
              </p>
            ) : null}
            <Link href="/store/checkout" className={`${primaryButtonClass} mt-5`}>
              Go to checkout
            </Link>
            <Link
              href="/store"
              className="mt-3 block text-center text-sm font-medium text-stone-600 hover:text-stone-900"
            >
              Continue shopping
            </Link>
          </Card>
        </div>
      )}
    </main>
  );
}

/**
 * Back from Payrail's page lands here with an empty cart (checkout emptied it): the order placed
 * a moment ago is offered again, to pay or to change its payment method. Payrail is asked first:
 * a payment it no longer knows (a sandbox reset) is marked gone and not offered.
 */
async function findOpenOrder() {
  const ids = await readMyOrderIds();
  let orders = await listOrders(ids, 5);
  if ((await markGonePayments(orders)) > 0) orders = await listOrders(ids, 5);

  return orders.find((o) => o.payrailTransactionId && orderStatus(o.paymentStatus).state === "awaiting");
}
