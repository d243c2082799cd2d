import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { WORKERLESS } from "../../isolated";
import { addToCart, checkout, shot, storeApi, uniqueEmail } from "./store-helpers";

// What the merchant does to the store's Payrail account behind its back: switch a payment product
// off, reset the sandbox (POST /v1/test/reset deletes its customers and transactions). Both would
// disturb every other store test, so these run against the store of the WORKERLESS server, whose
// database and demo merchant are its own (e2e/isolated.ts; nothing else there uses that merchant),
// one after the other. That server has no job worker, so a server-to-server payment there stays
// INITIATED: the payments here are paid on Payrail's hosted page, whose answer is the start's own.
test.describe.configure({ mode: "serial" });
test.use({ baseURL: WORKERLESS.url });

const api = (request: Parameters<typeof storeApi>[0]) => storeApi(request, WORKERLESS.env.PAYRAIL_DATA_DIR);

/** The transaction id in the hosted page's address (/pay/<id>/…). */
const transactionOf = (page: Page) => /\/pay\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";

async function resetSandbox(request: Parameters<typeof storeApi>[0]) {
  const reset = await api(request).post("/v1/test/reset");
  expect(reset.status).toBe(200);
}

/** From the checkout to Payrail's hosted voucher page: the payment was started. */
async function onPayrailPage(page: Page) {
  await page.waitForURL(/\/pay\//);
  await expect(page.getByRole("button", { name: "Redeem voucher" })).toBeVisible();
}

/** Places an order paid on Payrail's hosted page and leaves it open there, as a shopper pressing Back would. */
async function openOrder(page: Page) {
  await addToCart(page, ["colombia-huila"]);
  await checkout(page, { method: "prepaid_voucher" });
  await onPayrailPage(page);
  await page.goto("/store/cart");
  const open = page.getByTestId("open-order");
  const text = (await open.textContent()) ?? "";
  const reference = /PC-[A-Z0-9]{6}/.exec(text)?.[0] ?? "";
  expect(reference).not.toBe("");

  return { open, reference };
}

test("a product the merchant switched off: the refusal is shown where the shopper is, and it is no longer offered", async ({
  page,
  request,
}) => {
  const profile = `/v1/payment-profile/${api(request).merchant.payment_profile}`;
  const all = (await api(request).get(profile)).body.enabled_products as string[];
  expect(all).toHaveLength(16);
  try {
    await addToCart(page, ["ethiopia-guji"]);
    await page.goto("/store/checkout");
    await expect(page.locator('input[name="payment_product"]')).toHaveCount(16);
    await page.getByTestId("method-bnpl").getByRole("radio").check();
    // Switched off in the dashboard while the shopper fills in the form: Payrail refuses the start (150).
    const off = await api(request).raw(
      "PATCH",
      profile,
      JSON.stringify({ enabled_products: all.filter((p) => p !== "bnpl") }),
      {
        "content-type": "application/json",
      },
    );
    expect(off.status).toBe(200);
    const pay = page.getByRole("button", { name: /^Pay €/ });
    await pay.click();
    // The message is at the top of the form; the shopper was at the Pay button. It takes the focus
    // and is scrolled into view, so the button does not look dead.
    const alert = page.getByTestId("form-error").getByRole("alert");
    await expect(alert).toHaveText("This payment method is not available right now. Please choose another one.");
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    // The form is rendered again with what the merchant has switched on.
    await expect(page.getByTestId("method-bnpl")).toHaveCount(0);
    await expect(page.locator('input[name="payment_product"]')).toHaveCount(15);
    await shot(page, "store-checkout-method-switched-off");
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    // A fresh checkout offers only the enabled products, and another one pays.
    await page.goto("/store/checkout");
    await expect(page.locator('input[name="payment_product"]')).toHaveCount(15);
    await expect(page.getByTestId("method-bnpl")).toHaveCount(0);
    await page.getByTestId("method-prepaid_voucher").getByRole("radio").check();
    await page.getByRole("button", { name: /^Pay €/ }).click();
    await onPayrailPage(page);
  } finally {
    await api(request).raw("PATCH", profile, JSON.stringify({ enabled_products: null }), {
      "content-type": "application/json",
    });
  }
});

test("after a sandbox reset a returning shopper's first checkout goes through", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  await addToCart(page, ["house-espresso"]);
  await checkout(page, { method: "prepaid_voucher", email });
  await onPayrailPage(page);
  const first = await api(request).get(`/v1/transaction/${transactionOf(page)}`);
  expect(first.status).toBe(200);

  // The store still remembers the Payrail customer of this e-mail; Payrail no longer knows it. The
  // start is refused (120), the customer created again, and the start retried with it: a new
  // Idempotency-Key, since the body changed (the same key would be a 131).
  await resetSandbox(request);
  await addToCart(page, ["gooseneck-kettle"]);
  await checkout(page, { method: "prepaid_voucher", email });
  await onPayrailPage(page);
  const second = await api(request).get(`/v1/transaction/${transactionOf(page)}`);
  expect(second.status).toBe(200);
  expect(second.body.merchant_reference).not.toBe(first.body.merchant_reference);
  expect(second.body.customer).not.toBe(first.body.customer);
  expect((await api(request).get(`/v1/customer/${second.body.customer}`)).body.email_address).toBe(email);
});

test("after a sandbox reset an open order is over: no error page, its items come back", async ({ page, request }) => {
  // "Choose another payment method" on an order whose payment was deleted meanwhile.
  const a = await openOrder(page);
  await resetSandbox(request);
  await a.open.getByRole("button", { name: "Choose another payment method" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByText("Colombia Huila").first()).toBeVisible();
  await page.goto("/store/orders");
  const rowA = page.getByTestId(`order-${a.reference}`);
  await expect(rowA.getByTestId("order-status")).toHaveText("Payment no longer exists");
  await expect(rowA.getByTestId("order-status-detail")).toContainText("GONE · via status check");
  await expect(rowA.getByTestId("continue-payment")).toHaveCount(0);

  // "Continue paying" on an order whose payment was deleted meanwhile: back in the cart, with why.
  const b = await openOrder(page);
  await resetSandbox(request);
  await b.open.getByTestId("continue-payment").click();
  await page.waitForURL(/\/store\/cart\?payment_gone=/);
  await expect(page.getByTestId("payment-gone")).toContainText(
    `The payment of your order ${b.reference} no longer exists`,
  );
  await expect(page.getByTestId("cart-line-colombia-huila")).toBeVisible();
  await shot(page, "store-cart-payment-gone");

  // Without clicking anything: the orders page asks Payrail about open orders and shows them as gone.
  const c = await openOrder(page);
  await resetSandbox(request);
  await page.goto("/store/orders");
  const rowC = page.getByTestId(`order-${c.reference}`);
  await expect(rowC.getByTestId("order-status")).toHaveText("Payment no longer exists");
  await expect(rowC.getByTestId("continue-payment")).toHaveCount(0);
  await shot(page, "store-orders-payment-gone");
  // And the empty cart no longer offers it; "Order these items again" puts them back.
  await page.goto("/store/cart");
  await expect(page.getByTestId("open-order")).toHaveCount(0);
  await page.goto("/store/orders");
  await page.getByTestId(`order-${c.reference}`).getByRole("button", { name: "Order these items again" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByText("Colombia Huila").first()).toBeVisible();
});
