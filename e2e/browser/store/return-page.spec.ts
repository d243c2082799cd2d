import { customerBody, expect, test } from "../../fixtures";
import { addToCart, checkout, expectReturn, shot, storeApi } from "./store-helpers";

// The return page (redirect_url) decides nothing from its query string: bad, foreign or tampered
// input gets a clear message, never a 5xx.

test.describe("bad input on the return page", () => {
  const problem = async (page: import("@playwright/test").Page, query: string, heading: string) => {
    const res = await page.goto(`/store/return${query}`);
    expect(res?.status()).toBe(200);
    const card = page.getByTestId("return-problem");
    await expect(card.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByTestId(/^return-(success|failure|pending)$/)).toHaveCount(0);
  };

  test("no transaction_id", async ({ page }) => {
    await problem(page, "", "No payment to show");
    await problem(page, "?transaction_id=", "No payment to show");
    await shot(page, "store-return-missing");
  });

  test("a malformed transaction_id", async ({ page }) => {
    for (const q of [
      "?transaction_id=abc",
      "?transaction_id=1%27%20OR%201%3D1",
      `?transaction_id=${"9".repeat(5000)}`,
      "?transaction_id=%00",
    ]) {
      await problem(page, q, "We couldn't read this payment link");
    }
  });

  test("an id Payrail does not know", async ({ page }) => {
    await problem(page, "?transaction_id=3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", "Payment not found");
  });

  test("another merchant's transaction", async ({ page, api }) => {
    const foreign = await api.post("/v1/transaction/start", {
      payment_profile: api.merchant.payment_profile,
      amount: 1000,
      customer: customerBody(),
      payment_product: "bnpl",
      details: {},
    });
    expect(foreign.body.status).toBe("INITIATED"); // the server-to-server result follows (spec 4.2)
    await problem(page, `?transaction_id=${foreign.body.id}`, "Payment not found");
    await expect(page.getByText("could not find this payment")).toBeVisible();
  });

  test("the store's own key, but no order of the store", async ({ page, request }) => {
    const store = storeApi(request);
    const t = await store.post("/v1/transaction/start", {
      payment_profile: store.merchant.payment_profile,
      amount: 1000,
      customer: customerBody(),
      payment_product: "bnpl",
      details: {},
    });
    expect(t.status).toBe(201);
    await problem(page, `?transaction_id=${t.body.id}`, "Payment not found");
    await expect(page.getByText("does not belong to an order in our shop")).toBeVisible();
  });

  test("an unknown order's continue link goes back to the cart at the address the shopper used", async ({
    request,
  }) => {
    const res = await request.get("/store/checkout/continue/not-an-order", { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe("/store/cart");
  });

  test("the error parameter is shown, alone it proves nothing", async ({ page }) => {
    await page.goto("/store/return?error=Something%20went%20wrong%20%3Cb%3Ebold%3C%2Fb%3E");
    await expect(page.getByTestId("return-error")).toHaveText("Something went wrong <b>bold</b>");
    await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
  });
});

test("a failed payment stays failed whatever the query string says", async ({ page }) => {
  await addToCart(page, ["house-espresso"]);
  await checkout(page, { method: "instalment_credit" });
  await page.getByRole("button", { name: "Decline" }).click();
  const { transactionId } = await expectReturn(page, "failure", "DECLINED");
  await page.goto(`/store/return?transaction_id=${transactionId}&status=SETTLEMENT_COMPLETED&success=true`);
  await expect(page.getByTestId("return-failure")).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Payment declined");
});

test("Payrail's error (the payment page submitted twice, in two tabs) is shown next to the real outcome", async ({
  page,
  context,
}) => {
  await addToCart(page, ["colombia-huila"]);
  await checkout(page, { method: "debit_card_redirect" });
  await page.waitForURL(/\/pay\//);
  const secondTab = await context.newPage();
  await secondTab.goto(page.url());
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
  await shot(page, "store-return-success");
  // The stale tab posts again: Payrail changes nothing and sends the shopper back with `error`.
  await secondTab.getByRole("button", { name: "Decline" }).click();
  await secondTab.waitForURL(/\/store\/return\?.*error=/);
  await expect(secondTab.getByTestId("return-success")).toBeVisible();
  await expect(secondTab.getByTestId("return-error")).toHaveText("The payment was already completed.");
});
