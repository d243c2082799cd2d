import { redirect } from "next/navigation";
import { CheckoutForm } from "@/components/store/checkout-form";
import { OrderLines, OrderTotals } from "@/components/store/order-summary";
import { Card } from "@/components/store/ui";
import { readCart } from "@/lib/store/cart-cookie";
import { loadEnabledMethods } from "@/lib/store/enabled-methods";
import { loadIssuers } from "@/lib/store/issuers";

export const metadata = { title: "Checkout" };

// GET /store/checkout – customer details and payment method
export default async function CheckoutPage() {
  const cart = await readCart();
  if (cart.lines.length === 0) redirect("/store/cart");
  const [issuers, methods] = await Promise.all([loadIssuers(), loadEnabledMethods()]);
  const items = cart.lines
    .map((l) => (l.quantity > 1 ? `${l.product.name} ×${l.quantity}` : l.product.name))
    .join(", ");
  const walletDescription = `Payrail Coffee Co.: ${items}`.slice(0, 127);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <CheckoutForm total={cart.total} issuers={issuers} methods={methods} walletDescription={walletDescription} />
        <aside className="order-first lg:order-none">
          <Card className="p-5 lg:sticky lg:top-6">
            <h2 className="font-semibold text-stone-900">Your order</h2>
            <div className="mt-2">
              <OrderLines
                lines={cart.lines.map((l) => ({
                  key: l.product.id,
                  name: l.product.name,
                  quantity: l.quantity,
                  total: l.total,
                  image: l.product.image,
                }))}
              />
            </div>
            <OrderTotals subtotal={cart.subtotal} shipping={cart.shipping} total={cart.total} />
          </Card>
        </aside>
      </div>
    </main>
  );
}
