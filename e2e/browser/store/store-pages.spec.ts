import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { addToCart, checkout, shot } from "./store-helpers";

test("an unknown store address is the shop's own 404, in its layout, with the way back", async ({ page }) => {
  for (const path of ["/store/no-such-page", "/store/checkout/nope/deeper"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId("store-not-found")).toBeVisible();
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    // The store's header, not Payrail's hosted-payment page.
    await expect(page.getByRole("link", { name: /^Cart \d+ items?$/ })).toBeVisible();
    await expect(page.getByText("Payrail home")).toHaveCount(0);
  }
  await shot(page, "store-not-found");
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page.getByRole("heading", { name: "Good coffee, honestly paid." })).toBeVisible();
});

test("accessibility: skip link, button names that contain their text, readable quantities", async ({ page }) => {
  await page.goto("/store");
  // The first Tab stop: hidden until focused, then visible; it leads to the page's main element.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toHaveCount(1);

  // Label in name (WCAG 2.5.3): the accessible name starts with the visible "Add to cart".
  const add = page.getByTestId("product-house-espresso").getByRole("button", { name: "Add to cart: House Espresso" });
  await expect(add).toHaveText("Add to cart");

  // The "× 1" of the order summary is at least 4.5:1 against its background.
  await addToCart(page, ["house-espresso"]);
  await page.goto("/store/checkout");
  const quantity = page.getByText("× 1", { exact: true }).first();
  await expect(quantity).toBeVisible();
  const ratio = await quantity.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg: Element | null = el;
    while (bg && getComputedStyle(bg).backgroundColor.replace(/\s/g, "") === "rgba(0,0,0,0)") bg = bg.parentElement;
    const [a, b] = [
      lum(rgb(getComputedStyle(el).color)),
      lum(rgb(getComputedStyle(bg ?? document.body).backgroundColor)),
    ];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test("checkout says what each method does next; direct debit asks only what a shopper here can answer", async ({
  page,
}) => {
  await addToCart(page, ["night-owl-decaf"]);
  await page.goto("/store/checkout");
  const note = page.getByRole("button", { name: /^Pay €/ }).locator("xpath=following-sibling::p");

  // The wallet on this device pays at once (a token, server to server); the wallet app is a page to approve on.
  await page.getByTestId("method-mobile_wallet_a").getByRole("radio").check();
  await expect(note).toHaveText("The wallet pays at once: you'll see the result right away.");
  await page.getByRole("radio", { name: /^Approve in the wallet app/ }).check();
  await expect(note).toHaveText("Next: approve the payment in the wallet app.");
  await page.getByTestId("method-mobile_wallet_b").getByRole("radio").check();
  await expect(note).toHaveText("The wallet pays at once: you'll see the result right away.");

  // Direct debit: no US check number, no debit type or order channel (the shop says single, online).
  await page.getByTestId("method-direct_debit").getByRole("radio").check();
  const debit = page.getByTestId("method-direct_debit");
  await expect(debit.getByLabel("Linked bank account")).toBeVisible();
  await expect(debit.getByLabel("Account type")).toBeVisible();
  await expect(debit.getByLabel("Account type").locator("option")).toHaveText(["Current account", "Savings account"]);
  await expect(debit.getByText(/check number/i)).toHaveCount(0);
  await expect(debit.getByLabel("Debit type")).toHaveCount(0);
  await expect(debit.getByLabel("Order channel")).toHaveCount(0);
  await expect(note).toHaveText("You'll see the result right away.");
  await shot(page, "store-checkout-direct-debit");
});

test("keyboard: Add to cart keeps the focus while it adds and after (Enter and Space)", async ({ page }) => {
  await page.goto("/store");
  const card = page.getByTestId("product-house-espresso");
  const add = card.getByRole("button", { name: "Add to cart: House Espresso" });
  const before = Number(await page.getByTestId("cart-count").textContent());
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(card.getByText("Added ✓")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(before + 1));
  await expect(add).toBeFocused();
  // Again with Space, from where the focus stayed: no Tab back from the page's start.
  await page.keyboard.press("Space");
  await expect(page.getByTestId("cart-count")).toHaveText(String(before + 2));
  await expect(add).toBeFocused();
});

test("phone (390 px): tap targets of at least 24 px, the whole IBAN in its field, landmarks, the cart's name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tall = async (name: string, target: Locator) => {
    const box = await target.boundingBox();
    expect(box, name).not.toBeNull();
    // WCAG 2.5.8 asks 24 px; a phone gets a finger's 44.
    expect(box!.height, name).toBeGreaterThanOrEqual(40);
  };
  await addToCart(page, ["house-espresso"]);
  // Everything inside a landmark (the demo notice is in the banner), and the cart link's name
  // starts with what it shows ("Cart 1").
  const axe = await new AxeBuilder({ page }).withRules(["region", "label-content-name-mismatch"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(axe.passes.map((r) => r.id).sort()).toEqual(["label-content-name-mismatch", "region"]);
  await expect(page.getByRole("banner")).toContainText("Demo store");
  await expect(page.getByRole("link", { name: "Cart 1 item", exact: true })).toBeVisible();

  await page.goto("/store/cart");
  const line = page.getByTestId("cart-line-house-espresso");
  await tall("Qty", line.getByText("Qty", { exact: true }));
  await tall("quantity", line.getByLabel("Quantity of House Espresso"));
  await tall("Update", line.getByRole("button", { name: "Update" }));
  await tall("Remove", line.getByRole("button", { name: "Remove House Espresso" }));
  await shot(page, "store-cart-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "store-cart-1280");
  await page.setViewportSize({ width: 390, height: 844 });

  // SEPA: the example IBAN (27 characters) is whole in its field, not cut at its right edge.
  await page.goto("/store/checkout");
  await page.getByTestId("method-sepa").getByRole("radio").check();
  const iban = page.getByLabel("IBAN");
  await expect(iban).toHaveValue(/^DE89 /);
  expect(await iban.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await iban.scrollIntoViewIfNeeded();
  await shot(page, "store-checkout-sepa-390");

  // An open order (the shopper left Payrail's page): both ways on the orders page are real targets.
  await checkout(page, { method: "prepaid_voucher" });
  await page.waitForURL(/\/pay\//);
  await page.goto("/store/orders");
  const open = page.locator("tr", { has: page.getByTestId("continue-payment") }).first();
  await tall("Continue paying", open.getByTestId("continue-payment"));
  await tall("Choose another payment method", open.getByRole("button", { name: "Choose another payment method" }));
  await shot(page, "store-orders-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "store-orders-1280");
});
