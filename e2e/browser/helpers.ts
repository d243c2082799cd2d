import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Api } from "../fixtures";
import { customerBody } from "../fixtures";

/** A stand-in for the merchant's return page: records every visit and shows a simple page. */
export async function startMerchantStub() {
  const visits: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    visits.push(url);
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><title>Shop</title><h1>Back at the shop</h1><p id="tx">${url.searchParams.get("transaction_id") ?? ""}</p>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    returnUrl: `${origin}/return?order=42`,
    visits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function start(
  api: Api,
  product: string,
  details: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const res = await api.post("/v1/transaction/start", {
    payment_profile: api.merchant.payment_profile,
    amount: 2500,
    customer: customerBody(),
    payment_product: product,
    merchant_reference: `order-${Math.random().toString(36).slice(2, 10)}`,
    details,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`start ${product} failed: ${res.status} ${JSON.stringify(res.body)}`);

  return res.body as { id: string; status: string; details: Record<string, any> };
}

/**
 * Opens `approval_url` as the shopper's browser would (the request context keeps the session
 * cookie) and returns the session token the hosted pages' forms carry, or "" when the link does
 * not lead to a page (a finished payment).
 */
export async function openPaymentPage(api: Api, id: string): Promise<string> {
  const res = await api.requestContext.get(`/v1/transaction/${id}/authorize`, { maxRedirects: 0 });
  const location = res.headers().location ?? "";
  return new URL(location, "http://payrail.invalid").searchParams.get("s") ?? "";
}
