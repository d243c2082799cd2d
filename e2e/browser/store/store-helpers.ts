import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { Api, expect, type Merchant } from "../../fixtures";

/**
 * The store's own credentials: the demo merchant the server provisioned on first start (`dataDir`:
 * another server's data folder, e.g. an isolated server's `env.PAYRAIL_DATA_DIR`).
 */
export function demoMerchant(dataDir = process.env.PAYRAIL_DATA_DIR ?? ".data/test"): Merchant {
  return JSON.parse(readFileSync(path.join(path.resolve(dataDir), "demo-merchant.json"), "utf8"));
}

/** A Payrail API client with the store's key: to check, from outside, what the store did. */
export const storeApi = (request: APIRequestContext, dataDir?: string) => new Api(request, demoMerchant(dataDir));

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const SHOTS = path.resolve("test-results/screenshots");

/** Full-page screenshot kept as a test artefact (test-results/screenshots/<name>.png). */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Adds products through the catalogue UI and checks the cart badge. */
export async function addToCart(page: Page, productIds: string[]) {
  await page.goto("/store");
  let count = Number((await page.getByTestId("cart-count").textContent()) ?? "0");
  for (const id of productIds) {
    const card = page.getByTestId(`product-${id}`);
    await card.getByRole("button", { name: /^Add to cart: / }).click();
    await expect(card.getByText("Added ✓")).toBeVisible();
    count += 1;
    await expect(page.getByTestId("cart-count")).toHaveText(String(count));
  }
}

export type CheckoutOptions = {
  method: string;
  email?: string;
  /** Fills the chosen method's fields (after it was selected). */
  fill?: (page: Page) => Promise<unknown>;
};

/** From the cart to a placed order: go to checkout, set the e-mail, pick the method, pay. */
export async function checkout(page: Page, { method, email = uniqueEmail("shopper"), fill }: CheckoutOptions) {
  await page.goto("/store/cart");
  await page.getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByTestId(`method-${method}`).getByRole("radio").check();
  if (fill) await fill(page);
  await page.getByRole("button", { name: /^Pay €/ }).click();

  return email;
}

/** The return page after a payment, as the shopper sees it; returns the transaction id and order reference. */
export async function expectReturn(page: Page, outcome: "success" | "failure" | "pending", status: string) {
  await page.waitForURL(/\/store\/return\?/);
  const card = page.getByTestId(`return-${outcome}`);
  await expect(card).toBeVisible();
  await expect(card.getByText(`Payrail status ${status}`)).toBeVisible();
  const transactionId = new URL(page.url()).searchParams.get("transaction_id") ?? "";
  const reference = (await card.getByRole("heading", { level: 2 }).textContent())?.replace("Order ", "").trim() ?? "";
  expect(reference).toMatch(/^PC-[A-Z0-9]{6}$/);

  return { transactionId, reference };
}

/** Signs a webhook body the way Payrail does (Standard Webhooks), with any secret. */
export function signedHeaders(
  secret: string,
  body: string,
  { id = `msg_${Math.random().toString(36).slice(2)}`, at = new Date() } = {},
) {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

export function transactionEvent(
  t: { id: string; reference: string; amount: number },
  status: string,
  at: Date,
  reason = "",
) {
  return JSON.stringify({
    type: "transaction",
    id: t.id,
    status,
    status_reason: reason,
    amount: String(t.amount),
    merchant_reference: t.reference,
    last_status_update: at.toISOString(),
  });
}
