import { expect, test } from "../../fixtures";
import { addToCart, shot } from "./store-helpers";

test("an unknown store address is the shop's own 404, in its layout, with the way back", async ({ page }) => {
  for (const path of ["/store/no-such-page", "/store/checkout/nope/deeper"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId("store-not-found")).toBeVisible();
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    // The store's header, not Payrail's hosted-payment page.
    await expect(page.getByRole("link", { name: /^Cart, \d+ items?$/ })).toBeVisible();
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
