import { cookies } from "next/headers";

/**
 * The orders placed in this browser: their ids in an HttpOnly cookie. Order ids are random
 * UUIDs, so the list cannot be forged to show someone else's order. The store's public pages show
 * a shopper only these orders (the orders page) and a shipping address only on these (the return
 * page); the merchant's view of every order is the Payrail dashboard.
 */
const COOKIE = "store_orders";
const MAX_ORDERS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseMyOrders(value: string | undefined): string[] {
  return (value ?? "")
    .split(".")
    .filter((id) => UUID.test(id))
    .slice(0, MAX_ORDERS);
}

export async function readMyOrderIds(): Promise<string[]> {
  return parseMyOrders((await cookies()).get(COOKIE)?.value);
}

/** Only from a Server Action or route handler (cookies can be written only there). */
export async function rememberMyOrder(orderId: string): Promise<void> {
  const ids = [orderId, ...(await readMyOrderIds()).filter((id) => id !== orderId)].slice(0, MAX_ORDERS);
  (await cookies()).set(COOKIE, ids.join("."), {
    path: "/store",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60 * 60 * 24 * 90,
  });
}
