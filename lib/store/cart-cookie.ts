import { cookies } from "next/headers";
import { findProduct } from "@/lib/store/catalogue";
import { CART_COOKIE, parseCartCookie, priceCart, serializeCart, type Cart, type CartItems } from "@/lib/store/cart";

export async function readCartItems(): Promise<CartItems> {
  return parseCartCookie((await cookies()).get(CART_COOKIE)?.value);
}

export async function readCart(): Promise<Cart> {
  return priceCart(await readCartItems());
}

/** Only from a Server Action or route handler (cookies can be written only there). */
export async function writeCartItems(items: CartItems): Promise<void> {
  const jar = await cookies();
  if (items.length === 0) {
    jar.delete({ name: CART_COOKIE, path: "/store" });
    return;
  }
  jar.set(CART_COOKIE, serializeCart(items), {
    path: "/store",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60 * 60 * 24 * 14,
  });
}

/** The cart becomes an order's items again (products no longer sold are left out): to pay it another way. */
export async function restoreOrderToCart(order: { items: { productId: string; quantity: number }[] }): Promise<void> {
  await writeCartItems(order.items.filter((i) => findProduct(i.productId)).map((i) => [i.productId, i.quantity]));
}
