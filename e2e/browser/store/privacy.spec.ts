import { expect, test } from "../../fixtures";
import { addToCart, checkout, expectReturn } from "./store-helpers";

// The store's public pages show a shopper's details only to the browser that placed the order.
test("orders and the shipping address are shown only in the browser that placed the order", async ({
  page,
  browser,
}) => {
  await addToCart(page, ["house-espresso"]);
  await checkout(page, { method: "bnpl" });
  const { reference } = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
  const returnUrl = page.url();
  await expect(page.getByTestId("ships-to")).toContainText("Keizersgracht");
  await page.goto("/store/orders");
  await expect(page.getByTestId(`order-${reference}`)).toBeVisible();

  // Someone else with the same links: no order in the list, no address on the return page.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto("/store/orders");
    await expect(other.getByRole("heading", { name: "Orders" })).toBeVisible();
    await expect(other.getByTestId(`order-${reference}`)).toHaveCount(0);
    await other.goto(returnUrl);
    await expect(other.getByTestId("return-success")).toBeVisible();
    await expect(other.getByTestId("ships-to")).toHaveText("Ships to the address given at checkout.");
    await expect(other.getByText("Keizersgracht")).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
