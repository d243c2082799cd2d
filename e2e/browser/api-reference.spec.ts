import { expect, test } from "@playwright/test";

// The reference page works with no internet: every request to a host other than this machine is
// blocked, and the page still renders the document (script from the installed package, no CDN).
test("the API reference renders from this server alone and shows the start endpoint", async ({ page }) => {
  const outside: string[] = [];
  const local: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (["localhost", "127.0.0.1"].includes(url.hostname)) {
      local.push(url.pathname);
      return route.continue();
    }
    outside.push(url.href);
    return route.abort("blockedbyclient");
  });

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Payrail API", level: 1 })).toBeVisible({ timeout: 30_000 });
  // One reference, at the top of the page (not below an empty one left loading).
  await expect(page.getByRole("heading", { name: "Payrail API", level: 1 })).toBeInViewport();
  await expect(page.locator("[data-v-app]")).toHaveCount(1);
  // The start endpoint, reached from the sidebar: its section with method and path.
  const sidebar = page.getByRole("complementary", { name: "Sidebar for Payrail API" });
  await sidebar.getByRole("link", { name: "Transactions", exact: true }).click();
  await sidebar.getByRole("link", { name: /^Start a transaction/ }).click();
  await expect(page.getByRole("heading", { name: "Start a transaction" }).first()).toBeVisible();
  await expect(page.getByText("/v1/transaction/start").first()).toBeVisible();
  expect(local).toContain("/docs/api/scalar.js");
  expect(local).toContain("/v1/openapi.json");
  // Nothing is fetched from another host, web fonts included (docs/openapi.md).
  expect(outside).toEqual([]);
});

test("the home page links the store, dashboard, API reference, OpenAPI document and docs", async ({ page }) => {
  await page.goto("/");
  for (const [name, href] of [
    ["Demo store", "/store"],
    ["Dashboard", "/dashboard"],
    ["API reference", "/docs/api"],
    ["OpenAPI document", "/v1/openapi.json"],
    ["Docs", "/docs"],
  ]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await page.getByRole("link", { name: "Docs", exact: true }).click();
  await page.getByRole("link", { name: "webhooks" }).click();
  await expect(page.getByText("Standard Webhooks").first()).toBeVisible();
});
