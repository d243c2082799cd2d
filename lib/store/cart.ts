import { z } from "zod";
import { findProduct, shippingFor, type Product } from "@/lib/store/catalogue";

export const CART_COOKIE = "payrail_store_cart";
export const MAX_QUANTITY = 10;
const MAX_LINES = 20;

export type CartLine = { product: Product; quantity: number; total: number };
export type Cart = { lines: CartLine[]; count: number; subtotal: number; shipping: number; total: number };

/** `[["house-espresso", 2], ...]`: ids and quantities only; the shopper can edit the cookie, so it proves nothing. */
const CartCookieSchema = z.array(z.tuple([z.string().max(64), z.number().int()])).max(MAX_LINES);

export type CartItems = [string, number][];

/** Reads the cookie's value; anything malformed is an empty cart, unknown products are dropped, quantities clamped. */
export function parseCartCookie(value: string | undefined): CartItems {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return [];
  }
  const parsed = CartCookieSchema.safeParse(json);
  if (!parsed.success) return [];
  const merged = new Map<string, number>();
  for (const [id, quantity] of parsed.data) {
    if (!findProduct(id) || quantity < 1) continue;
    merged.set(id, Math.min(MAX_QUANTITY, (merged.get(id) ?? 0) + quantity));
  }

  return [...merged];
}

export const serializeCart = (items: CartItems) => JSON.stringify(items);

/** Prices every line from the server-side catalogue. */
export function priceCart(items: CartItems): Cart {
  const lines = items.flatMap(([id, quantity]) => {
    const product = findProduct(id);
    return product ? [{ product, quantity, total: product.price * quantity }] : [];
  });
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const shipping = shippingFor(subtotal);

  return { lines, count: lines.reduce((n, l) => n + l.quantity, 0), subtotal, shipping, total: subtotal + shipping };
}

export function setQuantity(items: CartItems, id: string, quantity: number): CartItems {
  if (!findProduct(id)) return items;
  const q = Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(quantity)));
  const rest = items.filter(([i]) => i !== id);
  if (q === 0) return rest;
  const at = items.findIndex(([i]) => i === id);
  const next: CartItems = [...rest];
  next.splice(at === -1 ? next.length : at, 0, [id, q]);

  return next.slice(0, MAX_LINES);
}

export function addItem(items: CartItems, id: string, quantity = 1): CartItems {
  const current = items.find(([i]) => i === id)?.[1] ?? 0;

  return setQuantity(items, id, current + quantity);
}
