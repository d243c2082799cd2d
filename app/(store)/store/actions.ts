"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { env } from "@/lib/env";
import { addItem, priceCart, setQuantity } from "@/lib/store/cart";
import { readCartItems, restoreOrderToCart, writeCartItems } from "@/lib/store/cart-cookie";
import { findProduct } from "@/lib/store/catalogue";
import { checkout, releaseOrderPayment } from "@/lib/store/checkout";
import type { CheckoutState } from "@/lib/store/checkout-state";
import { readMyOrderIds, rememberMyOrder } from "@/lib/store/my-orders";
import { getOrder } from "@/lib/store/orders";
import { requestIp, requestOrigin } from "@/lib/store/request-origin";

const MAX_FIELD = 1024;

export type AddToCartState = { added: number; error?: string };

// Add to cart (catalogue): the product must exist; the cookie never carries prices.
export async function addToCart(prev: AddToCartState, formData: FormData): Promise<AddToCartState> {
  const id = String(formData.get("product_id") ?? "");
  if (!findProduct(id)) return { added: prev.added, error: "This product is no longer available." };
  await writeCartItems(addItem(await readCartItems(), id));

  return { added: prev.added + 1 };
}

// Change a cart line's quantity (0 removes it).
export async function updateCartLine(formData: FormData): Promise<void> {
  const id = String(formData.get("product_id") ?? "");
  const quantity = Number(formData.get("quantity"));
  if (!Number.isFinite(quantity)) return;
  await writeCartItems(setQuantity(await readCartItems(), id, quantity));
}

// Place the order and start its payment; the browser then leaves for the answer's URL.
export async function placeOrder(prev: CheckoutState, formData: FormData): Promise<CheckoutState> {
  const values: Record<string, string> = {};
  for (const [k, v] of formData)
    if (typeof v === "string" && !k.startsWith("$") && !(k in values)) values[k] = v.slice(0, MAX_FIELD);
  const attempt = prev.attempt + 1;
  const h = await headers();
  const cart = priceCart(await readCartItems());
  const result = await checkout({
    values,
    cart,
    origin: requestOrigin(h, env().BASE_URL),
    customerIp: requestIp(h),
    userAgent: h.get("user-agent")?.slice(0, 1024) ?? undefined,
  });
  if (!result.ok) {
    // A method switched off since the page was rendered: render it again, with the methods that are on.
    if (result.methodUnavailable) refresh();
    return { status: "error", attempt, values, fieldErrors: result.fieldErrors, formError: result.formError };
  }
  await rememberMyOrder(result.orderId);

  return { status: "redirect", attempt, url: result.next, values };
}

// "Try again" after a failed payment, or "Choose another payment method" while it is open: the
// open payment is cancelled (only for an order of this browser), the order's items go back into
// the cart, then checkout. An order paid meanwhile (another tab) shows its return page instead.
export async function retryOrder(formData: FormData): Promise<void> {
  const id = String(formData.get("order_id") ?? "").slice(0, 64);
  const order = (await readMyOrderIds()).includes(id) ? await getOrder(id).catch(() => null) : null;
  if (!order) redirect("/store/cart");
  if (!(await releaseOrderPayment(order)))
    redirect(`/store/return?transaction_id=${encodeURIComponent(order.payrailTransactionId ?? "")}`);
  await restoreOrderToCart(order);
  redirect("/store/checkout");
}
