import { expect, test } from "../../fixtures";
import { addToCart, checkout, expectReturn, shot, storeApi } from "./store-helpers";

// The card is paid in Payrail's hosted card page framed by the store (details.origin), which tells
// the store's window where to go through /js/payrail.js and window.payrailDone.

test("the card page frames approval_url and loads payrail.js with the store's origin", async ({
  page,
  request,
  baseURL,
}) => {
  await addToCart(page, ["hand-grinder"]);
  await checkout(page, { method: "card" });
  await page.waitForURL(/\/store\/checkout\/card\//);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  const frame = page.locator('iframe[title="Card payment"]');
  const src = (await frame.getAttribute("src")) ?? "";
  expect(src).toMatch(/\/v1\/transaction\/[0-9a-f-]{36}\/authorize$/);
  await expect(page.locator('script[src$="/js/payrail.js"]')).toHaveCount(1);
  expect(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).payrailDone)).toBe("function");

  const id = src.match(/transaction\/([0-9a-f-]{36})\//)![1];
  const t = (await storeApi(request).get(`/v1/transaction/${id}`)).body;
  expect(t.details).toMatchObject({
    origin: new URL(baseURL!).origin,
    redirect_parent_function: "payrailDone",
    redirect_url: `${new URL(baseURL!).origin}/store/return`,
  });
  expect(t.details.card_token).toBeUndefined();
  await shot(page, "store-card");

  // payrailDone only ever leads to the store's own return page.
  await page.evaluate(() =>
    (window as unknown as { payrailDone: (u: string) => void }).payrailDone("https://evil.example/phish"),
  );
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/\/store\/checkout\/card\//);
});

test("card paid inside the iFrame: the parent window lands on the success page", async ({ page }) => {
  await addToCart(page, ["hand-grinder"]);
  await checkout(page, { method: "card" });
  await page.waitForURL(/\/store\/checkout\/card\//);
  const card = page.frameLocator('iframe[title="Card payment"]');
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel(/Expiry/).fill("12/34");
  await card.getByLabel(/CVC|Security code/).fill("123");
  await card.getByLabel(/Card ?holder|Name on card/).fill("Ada Lovelace");
  await card.getByRole("button", { name: /^Pay/ }).click();
  // The "Payment complete, redirecting…" overlay shows for only 400 ms: too short to assert
  // reliably on a loaded machine. Landing on the return page proves payrailDone ran.
  await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
});

test("a declined card in the iFrame: the parent window lands on the failure page", async ({ page }) => {
  await addToCart(page, ["espresso-cups"]);
  await checkout(page, { method: "card" });
  await page.waitForURL(/\/store\/checkout\/card\//);
  const card = page.frameLocator('iframe[title="Card payment"]');
  // docs/testing.md (issue 6) lists the sandbox decline card.
  await card.getByLabel("Card number").fill("4000 0000 0000 0002");
  await card.getByLabel(/Expiry/).fill("12/34");
  await card.getByLabel(/CVC|Security code/).fill("123");
  await card.getByLabel(/Card ?holder|Name on card/).fill("Ada Lovelace");
  await card.getByRole("button", { name: /^Pay/ }).click();
  await expectReturn(page, "failure", "DECLINED");
});

test("choosing another payment method cancels the open card payment: the old card page can no longer charge", async ({
  page,
  request,
}) => {
  await addToCart(page, ["hand-grinder"]);
  await checkout(page, { method: "card" });
  await page.waitForURL(/\/store\/checkout\/card\//);
  const cardPage = page.url();
  const src = (await page.locator('iframe[title="Card payment"]').getAttribute("src")) ?? "";
  const id = src.match(/transaction\/([0-9a-f-]{36})\//)![1];
  // The frame has opened approval_url: the payment is waiting for the shopper.
  await expect(page.frameLocator('iframe[title="Card payment"]').getByLabel("Card number")).toBeVisible();

  await page.getByRole("button", { name: "Choose another payment method" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const t = (await storeApi(request).get(`/v1/transaction/${id}`)).body;
  expect([t.status, t.status_reason]).toStrictEqual(["CANCELLED", "Cancelled by the merchant"]);

  // Back to the old card page (another tab, the Back button): no card form, the order's outcome.
  await page.goto(cardPage);
  await expectReturn(page, "failure", "CANCELLED");
});
