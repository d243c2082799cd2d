import { createMerchant, customerBody, expect } from "../fixtures";
import { seedCardToken } from "../transactions";
import { expectAccessible, signedIn, snap, test } from "./dashboard-helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// Developers → Request log: the organisation's API requests, newest first; filters by Request-Id,
// status and path; a detail page with the redacted bodies; another organisation sees none of it.

test("find a request by its Request-Id, filter, read its redacted bodies; 390 px, keyboard, axe", async ({
  page,
  own: api,
  browser,
}, testInfo) => {
  const pan = "371449635398431";
  const card = await seedCardToken(api.merchant.organisation, { number: pan });
  const customer = await api.post("/v1/customer", customerBody());
  expect(customer.status).toBe(201);
  const start = await api.post("/v1/transaction/start", {
    payment_profile: api.merchant.payment_profile,
    amount: 1500,
    customer: customer.body.id,
    payment_product: "card",
    details: {
      card_holder: card.holder,
      card_token: card.token,
      card_cvv: "7351",
      card_expiry_month: card.month,
      card_expiry_year: card.year,
      skip_fraud_check: true,
    },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const missing = await api.get("/v1/transaction/3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01");
  expect(missing.status).toBe(404);
  const startId = start.headers["request-id"];
  const missingId = missing.headers["request-id"];

  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, api.merchant.organisation);
  // The nav by keyboard: focus the link, Enter follows it.
  await page.getByRole("link", { name: "Request log", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Request log" })).toBeVisible();
  const rows = page.getByTestId("requests").getByRole("row");
  // Written off the hot path: within about a second.
  await expect(async () => {
    await page.reload();
    await expect(page.locator(`[data-request-id="${missingId}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Newest first: the 404 came last.
  await expect(rows.first()).toHaveAttribute("data-request-id", missingId);
  await expect(rows).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the request log is wider than the screen").toBeLessThanOrEqual(0);
  await snap(page, testInfo, "request-log-390");
  await expectAccessible(page, testInfo, "request-log-390");

  // Filter by Request-Id with the keyboard only: type, Enter.
  await page.getByLabel("Request-Id").focus();
  await page.keyboard.type(startId);
  await page.keyboard.press("Enter");
  await page.waitForURL(/request_id=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("POST /v1/transaction/start");
  await expect(rows.first()).toContainText("201");

  // Status class and path filters; a bad status is shown next to its field.
  await page.goto("/dashboard/developers/requests?status=4xx");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-request-id", missingId);
  await page.goto("/dashboard/developers/requests?path=customer");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("POST /v1/customer");
  await page.goto("/dashboard/developers/requests?status=abc");
  await expect(page.getByTestId("field-error")).toContainText("status code");
  await expect(page.getByLabel("Status")).toHaveAttribute("aria-invalid", "true");

  // The detail page: the bodies as stored, without the card number, the CVC or the token.
  await page.goto(`/dashboard/developers/requests?request_id=${startId}`);
  await rows.first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "POST /v1/transaction/start" })).toBeVisible();
  await expect(page.getByTestId("fact-Request-Id")).toHaveText(startId);
  await expect(page.getByTestId("fact-Status")).toHaveText("201");
  await expect(page.getByTestId("request-body")).toContainText('"card_cvv": "[redacted]"');
  await expect(page.getByTestId("response-body")).toContainText(start.body.id);
  const html = await page.content();
  for (const secret of [pan, "7351", card.token, api.merchant.api_key]) expect(html).not.toContain(secret);
  await snap(page, testInfo, "request-detail-390");
  await expectAccessible(page, testInfo, "request-detail-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, testInfo, "request-detail");

  // Another organisation's user: no entry in the list, 404 for the detail page.
  const intruder = await browser.newContext();
  const other = await intruder.newPage();
  await signedIn(other, createMerchant("Request log intruder").organisation);
  await other.goto(`/dashboard/developers/requests?request_id=${startId}`);
  await expect(other.getByTestId("requests")).toContainText("No requests match.");
  await other.goto("/dashboard/developers/requests");
  await expect(other.locator(`[data-request-id="${startId}"]`)).toHaveCount(0);
  expect((await other.goto(`/dashboard/developers/requests/${startId}`))?.status()).toBe(404);
  await intruder.close();
});

test("a retry answered from its Idempotency-Key is marked replayed, not shown as a second call", async ({
  page,
  own: api,
}) => {
  const headers = { "Idempotency-Key": `retry-${Date.now()}` };
  const body = customerBody();
  const first = await api.post("/v1/customer", body, { headers });
  const retry = await api.post("/v1/customer", body, { headers });
  expect([first.status, retry.status]).toStrictEqual([201, 201]);
  expect(retry.headers["idempotent-replayed"]).toBe("true");
  await signedIn(page, api.merchant.organisation);
  const rows = page.getByTestId("requests").getByRole("row");
  await expect(async () => {
    await page.goto("/dashboard/developers/requests?path=customer");
    await expect(rows).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.first()).toHaveAttribute("data-request-id", retry.headers["request-id"]);
  await expect(rows.first().getByTestId("replayed")).toHaveText("replayed");
  await expect(rows.nth(1).getByTestId("replayed")).toHaveCount(0);
  await rows.first().getByRole("link").click();
  await expect(page.getByTestId("fact-Status")).toHaveText(
    "201, replayed from its Idempotency-Key (nothing ran again)",
  );
});
