import { expect, test } from "../../fixtures";
import { addToCart, checkout, expectReturn, shot, storeApi, uniqueEmail } from "./store-helpers";

test("catalogue, cart and checkout: prices from the server, shipping, quantities", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByRole("heading", { name: "Good coffee, honestly paid." })).toBeVisible();
  for (const img of await page.locator("main img").all()) {
    // Every product illustration is shipped and loads.
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await shot(page, "store-catalogue");
  await addToCart(page, ["house-espresso", "house-espresso", "hand-grinder"]);
  await page.getByRole("link", { name: /^Cart 3 items$/ }).click();
  await expect(page.getByTestId("cart-line-house-espresso")).toContainText("€25.00");
  await expect(page.getByTestId("order-totals")).toContainText("Free");
  await expect(page.getByTestId("order-totals")).toContainText("€89.00");
  await shot(page, "store-cart");
  // Below €40 shipping is €4.00.
  await page.getByTestId("cart-line-hand-grinder").getByRole("button", { name: "Remove Hand Grinder" }).click();
  await expect(page.getByTestId("cart-line-hand-grinder")).toHaveCount(0);
  await expect(page.getByTestId("order-totals")).toContainText("€29.00");
  await page.getByLabel("Quantity of House Espresso").selectOption("4");
  await page.getByTestId("cart-line-house-espresso").getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("order-totals")).toContainText("€50.00");
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await page.getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.getByRole("button", { name: "Pay €50.00" })).toBeVisible();
  // Every one of the sixteen products is offered.
  await expect(page.locator('input[name="payment_product"]')).toHaveCount(16);
  await shot(page, "store-checkout");
});

test("the cart cookie is only ids and quantities: unknown products are dropped, quantities clamped", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    {
      name: "payrail_store_cart",
      value: JSON.stringify([
        ["house-espresso", 99],
        ["free-espresso-machine", 1],
        ["ethiopia-guji", -3],
      ]),
      url: `${baseURL}/store`,
    },
  ]);
  await page.goto("/store/cart");
  await expect(page.getByTestId("cart-count")).toHaveText("10");
  await expect(page.getByTestId("cart-line-house-espresso")).toContainText("€125.00");
  await expect(page.locator('[data-testid^="cart-line-"]')).toHaveCount(1);
  await context.addCookies([{ name: "payrail_store_cart", value: "%7Bnot json", url: `${baseURL}/store` }]);
  await page.goto("/store/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  // An empty cart cannot be checked out.
  await page.goto("/store/checkout");
  await expect(page).toHaveURL(/\/store\/cart$/);
});

test("invalid fields are shown inline, with Payrail's own rules, before anything is sent", async ({ page }) => {
  await addToCart(page, ["colombia-huila"]);
  await page.goto("/store/checkout");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Phone").fill("020 123 4567");
  await page.getByLabel("First name").fill("");
  await page.getByTestId("method-sepa").getByRole("radio").check();
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
  await page.getByLabel("BIC (optional)").fill("NOTABIC");
  await page.getByRole("button", { name: /^Pay €/ }).click();

  await expect(page.getByTestId("form-error")).toHaveText("Please check the highlighted fields.");
  const errorOf = (name: string) => page.locator(`[data-field-error="${name}"]`);
  await expect(errorOf("email_address")).toHaveText("Expected an e-mail address");
  await expect(errorOf("phone_number")).toHaveText(
    "Expected an international number in E.164 format, e.g. +31201234567",
  );
  await expect(errorOf("first_name")).toHaveText("Required");
  await expect(errorOf("details.sender.0.account_number")).toHaveText("Not a valid IBAN");
  await expect(errorOf("details.sender.0.bank_code")).toHaveText("Not a valid BIC");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  // What the shopper typed is kept, and the first invalid field has the focus.
  await expect(page.getByLabel("IBAN")).toHaveValue("DE89 3704 0044 0532 0130 01");
  await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await shot(page, "store-checkout-errors");

  // The wallet description is checked with its product's schema too.
  await page.getByTestId("method-online_wallet").getByRole("radio").check();
  await page.getByLabel("Description shown in your wallet").fill("x".repeat(128));
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(errorOf("details.description")).toHaveText("At most 127 characters");

  // Corrected, the order goes through; the cart was kept meanwhile.
  await page.getByLabel("E-mail").fill(uniqueEmail("fixed"));
  await page.getByLabel("Phone").fill("+31201234567");
  await page.getByLabel("First name").fill("Ada");
  await page.getByTestId("method-bnpl").getByRole("radio").check();
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
});

test("Payrail's 101 invalid_fields are mapped back onto the form (a mandate of another customer)", async ({ page }) => {
  const mandate = `PC-MANDATE-${Date.now()}`;
  await addToCart(page, ["house-espresso"]);
  await checkout(page, {
    method: "sepa",
    email: uniqueEmail("owner"),
    fill: async (p) => p.getByLabel("Mandate reference (optional)").fill(mandate),
  });
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign mandate and pay" }).click();
  await expectReturn(page, "success", "SETTLEMENT_REQUESTED");

  // Another shopper names that mandate: only Payrail can know it is someone else's.
  await addToCart(page, ["house-espresso"]);
  await checkout(page, {
    method: "sepa",
    email: uniqueEmail("other"),
    fill: async (p) => p.getByLabel("Mandate reference (optional)").fill(mandate),
  });
  await expect(page.locator('[data-field-error="details.mandate"]')).toHaveText(
    "Refers to a revoked mandate or to another customer's mandate",
  );
  await expect(page.getByLabel("Mandate reference (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("a returning e-mail reuses its Payrail customer, and its SEPA mandate", async ({ page, request }) => {
  const email = uniqueEmail("returning");
  await addToCart(page, ["ethiopia-guji"]);
  await checkout(page, { method: "sepa", email });
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign mandate and pay" }).click();
  const first = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");

  // Second order, same shopper (e-mail in another case): the signed mandate is reused, no redirect.
  await addToCart(page, ["gooseneck-kettle"]);
  await checkout(page, { method: "sepa", email: email.toUpperCase() });
  const second = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");

  const api = storeApi(request);
  const [a, b] = await Promise.all([
    api.get(`/v1/transaction/${first.transactionId}`),
    api.get(`/v1/transaction/${second.transactionId}`),
  ]);
  expect(b.body.customer).toBe(a.body.customer);
  expect(b.body.details.mandate_reused).toBe(true);
  expect(b.body.details.mandate).toBe(a.body.details.mandate);
  const customer = await api.get(`/v1/customer/${a.body.customer}`);
  expect(customer.body).toMatchObject({
    email_address: email,
    first_name: "Ada",
    country_code: "NL",
    phone_number: "+31201234567",
  });

  // A new e-mail is a new customer.
  await addToCart(page, ["house-espresso"]);
  await checkout(page, { method: "bnpl" });
  const third = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
  expect((await api.get(`/v1/transaction/${third.transactionId}`)).body.customer).not.toBe(a.body.customer);
});

test("the store looks right on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/store");
  await shot(page, "store-catalogue-mobile");
  await addToCart(page, ["night-owl-decaf"]);
  await page.goto("/store/checkout");
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "store-checkout-mobile");
});

test("Back from Payrail's page: the cart offers the open order, to continue paying or to choose another method", async ({
  page,
}) => {
  await addToCart(page, ["colombia-huila"]);
  await checkout(page, { method: "prepaid_voucher" });
  await page.waitForURL(/\/pay\//);
  await expect(page.getByRole("button", { name: "Redeem voucher" })).toBeVisible();
  // The shopper leaves Payrail's page (Back, or the shop's cart link): the checkout emptied the
  // cart, and the cart page offers the order placed a moment ago.
  await page.goto("/store/cart");
  const open = page.getByTestId("open-order");
  await expect(open).toContainText(/Your order PC-[A-Z0-9]{6} is waiting for its payment\./);
  await shot(page, "store-back-open-order");
  // The orders page offers the same two ways on the open order.
  await page.goto("/store/orders");
  await expect(page.getByTestId("continue-payment")).toBeVisible();
  await shot(page, "store-orders-open-order");
  await page.getByTestId("continue-payment").click();
  await page.waitForURL(/\/pay\//);
  await expect(page.getByRole("button", { name: "Redeem voucher" })).toBeVisible();
  await page.goto("/store/cart");
  await page.getByTestId("open-order").getByRole("button", { name: "Choose another payment method" }).click();
  // The open payment is cancelled and the items are back for another method.
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await page.goto("/store/orders");
  await expect(page.getByTestId("order-status").first()).toHaveText("Cancelled");
  await expect(page.getByTestId("continue-payment")).toHaveCount(0);
});
