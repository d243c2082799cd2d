import { customerBody, expect } from "../fixtures";
import { expectAccessible, signedIn, snap, test } from "./dashboard-helpers";
import { start } from "./helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// The transaction list: search by id, reference, e-mail, amount and dates; filters; keyset pages;
// the CSV export of the filtered list. Every merchant here is new, so the lists are exact.

test("search, filters, pages and the CSV export", async ({ page, own: api }, testInfo) => {
  const merchant = api.merchant;
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `shopper-${tag}@example.com`;
  const byEmail = await start(
    api,
    "dummy",
    { dummy_outcome: "DECLINED" },
    { customer: customerBody({ email_address: email }) },
  );
  const byRef = await start(
    api,
    "dummy",
    { dummy_outcome: "SETTLEMENT_REQUESTED" },
    { merchant_reference: `ref-${tag}-x` },
  );
  const byAmount = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" }, { amount: 1234 });
  await signedIn(page, merchant.organisation);
  await page.goto("/dashboard/transactions");
  const rows = page.getByTestId("transactions").getByRole("row");

  const search = async (fields: Record<string, string>) => {
    await page.goto("/dashboard/transactions");
    for (const [label, value] of Object.entries(fields)) {
      const el = page.getByLabel(label, { exact: true });
      if ((await el.evaluate((e) => e.tagName)) === "SELECT") await el.selectOption(value);
      else await el.fill(value);
    }
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/dashboard\/transactions\?/);
  };

  await search({ Search: byEmail.id });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("status")).toHaveText("DECLINED");
  await search({ Search: `REF-${tag}` });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`ref-${tag}-x`);
  // At a phone's width the reference stays on one line (never "ref-" over the rest), beside the
  // longest status, and the table still fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const reference = rows.first().getByRole("link");
  const [height, lineHeight] = await reference.evaluate((a) => [
    a.getBoundingClientRect().height,
    Number.parseFloat(getComputedStyle(a).lineHeight),
  ]);
  expect(height).toBeLessThan(lineHeight * 1.5);
  expect(
    await rows.first().evaluate((r) => {
      const scroller = r.closest("table")!.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    }),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await search({ Search: email });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("DECLINED");
  await search({ "Amount (EUR)": "12.34" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("€12.34");
  await search({ Status: "AUTHORIZED" });
  await expect(rows).toHaveCount(1);
  await search({ Product: "dummy" });
  await expect(rows).toHaveCount(3);
  await search({ Product: "sepa" });
  await expect(rows.first()).toContainText("No transactions match.");
  // LIKE's wildcards are matched as typed, not as "anything".
  await search({ Search: "%" });
  await expect(rows.first()).toContainText("No transactions match.");
  const today = new Date().toISOString().slice(0, 10);
  await search({ From: today, To: today });
  await expect(rows).toHaveCount(3);
  await search({ To: "2020-01-01" });
  await expect(rows.first()).toContainText("No transactions match.");
  // Filters that cannot be applied list nothing (never every transaction as if it matched) and
  // cannot be exported: the notice says why, the reason stands next to its field.
  const refused = async (field: string, reason: string) => {
    await expect(page.getByTestId("field-error")).toHaveText(reason);
    await expect(page.getByLabel(field, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("filters-invalid")).toContainText("These filters cannot be applied.");
    await expect(page.getByTestId("transactions")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  };
  // A range that ends before it begins is named, not answered with an empty list.
  await search({ From: today, To: "2020-01-01" });
  await refused("To", "Must not be before From");
  // A bad amount is named next to its field, in euros.
  await search({ "Amount (EUR)": "lots" });
  await refused("Amount (EUR)", "Expected an amount in euros, e.g. 25 or 25.00");
  await snap(page, testInfo, "transactions-search-error");
  await expectAccessible(page, testInfo, "transactions-search-error");
  // A search over 255 characters, in plain words (not zod's "Too big: expected string …").
  await search({ Search: "x".repeat(256) });
  await refused("Search", "At most 255 characters");
  // Stale links: a status or an amount typed into the address.
  await page.goto("/dashboard/transactions?status=BOGUS");
  await refused("Status", "Not a status: pick one from the list");
  await page.goto("/dashboard/transactions?amount=abc");
  await refused("Amount (EUR)", "Expected an amount in euros, e.g. 25 or 25.00");
  // A cursor that cannot be one is not a bad filter: the first page, said so.
  await page.goto(`/dashboard/transactions?status=DECLINED&cursor=${"c".repeat(201)}`);
  await expect(rows).toHaveCount(1);
  await expect(
    page.getByRole("alert").filter({ hasText: "Not a page of this list: showing the first page" }),
  ).toBeVisible();

  // Keyset pages: 25 a page; 27 transactions make two pages with nothing lost or repeated.
  await Promise.all(Array.from({ length: 24 }, () => start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" })));
  await page.goto("/dashboard/transactions");
  await expect(rows).toHaveCount(25);
  const first = await rows.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  await page.getByRole("link", { name: "Older transactions →" }).click();
  await expect(rows).toHaveCount(2);
  const second = await rows.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(new Set([...first, ...second]).size).toBe(27);
  expect(second).toContain(`/dashboard/transactions/${byEmail.id}`);
  await snap(page, testInfo, "transactions-page-2");
  await expectAccessible(page, testInfo, "transactions");

  // CSV of the filtered list, with the browser's session; the filter applies.
  const csv = await page.request.get(`/dashboard/transactions/export?status=DECLINED`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="transactions-.*\.csv"/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "id,created_at,merchant_reference,customer_email,payment_product,amount,status,last_status_update",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(byEmail.id);
  expect(lines[1]).toContain(email);
  expect(lines[1]).toContain(",25.00,DECLINED,");
  const all = (await (await page.request.get("/dashboard/transactions/export")).text()).trim().split("\r\n");
  expect(all).toHaveLength(28);
  expect(all.join("\n")).toContain(byRef.id);
  expect(all.join("\n")).toContain(byAmount.id);
  // The export link of the page carries the filters.
  await page.goto("/dashboard/transactions?status=DECLINED");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/dashboard/transactions/export?status=DECLINED",
  );
  // A bad filter in the export's link: back to the list with the same filters, where the reason
  // stands next to its field (never a page of raw JSON); nothing exported, nothing audited.
  const bad = await page.request.get("/dashboard/transactions/export?amount=lots&status=DECLINED&cursor=x", {
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(303);
  expect(bad.headers().location).toBe("/dashboard/transactions?status=DECLINED&amount=lots");
  await page.goto("/dashboard/transactions/export?amount=lots&status=DECLINED");
  await expect(page).toHaveURL(/\/dashboard\/transactions\?status=DECLINED&amount=lots$/);
  await refused("Amount (EUR)", "Expected an amount in euros, e.g. 25 or 25.00");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("DECLINED");
  // Without a session: 401, no rows.
  const anonymous = await page.request.fetch("/dashboard/transactions/export", { headers: { cookie: "" } });
  expect(anonymous.status()).toBe(401);

  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toHaveText("transactions.export");
});

test("the overview: totals, charts by day and status, conversion per product, webhook success", async ({
  page,
  own: api,
}, testInfo) => {
  const merchant = api.merchant;
  const [settled] = await Promise.all([
    start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" }, { amount: 1000 }),
    start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" }, { amount: 3000 }),
    start(api, "dummy", { dummy_outcome: "DECLINED" }, { amount: 500 }),
    start(api, "dummy", { dummy_outcome: "FAILED" }, { amount: 500 }),
  ]);
  expect((await api.post(`/v1/transaction/${settled.id}/refund`, { amount: 300 })).status).toBe(201);
  await signedIn(page, merchant.organisation);
  const totals = page.getByTestId("totals");
  await expect(totals).toContainText("Transactions4");
  await expect(totals).toContainText("Volume€50.00");
  await expect(totals).toContainText("Succeeded volume€40.00");
  await expect(totals).toContainText("Refunded€3.00");
  await expect(totals).toContainText("Conversion50.0%");
  // Products by their display names (lib/domain/products.ts), not their ids.
  await expect(page.getByTestId("conversion")).toContainText("Dummy (test outcomes)50.0% (2 of 4)");
  await expect(page.getByTestId("chart-volume")).toBeVisible();
  await expect(page.getByTestId("chart-count").locator("rect")).toHaveCount(2);
  await expect(page.getByTestId("chart-count").locator("desc")).toContainText("4 in 30 days");
  // No webhook URL: every event is skipped, none is decided.
  await expect(page.getByTestId("webhook-rate")).toHaveText("—");
  await snap(page, testInfo, "overview");
  await expectAccessible(page, testInfo, "overview");

  // Server-rendered: the charts are in the HTML without JavaScript.
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain('data-testid="chart-volume"');
  expect(html).toContain("<rect");
});

test("tablet and phone: the nav wraps, the list fits with whole statuses, a cut-off list shows it scrolls, Sign out is a tap target", async ({
  page,
  own: api,
}, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await Promise.all([
    start(
      api,
      "dummy",
      { dummy_outcome: "SETTLEMENT_COMPLETED" },
      {
        customer: customerBody({ email_address: `merchant-audit-${tag}@example.com` }),
        merchant_reference: `M-17955373${tag}`,
        amount: 123456,
      },
    ),
    start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" }),
    start(api, "dummy", { dummy_outcome: "DECLINED" }),
  ]);
  await signedIn(page, api.merchant.organisation);
  const region = page.getByRole("region", { name: "Transactions" });

  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 1024 });
    await page.goto("/dashboard/transactions");
    await expect(page.getByTestId("transactions").getByRole("row")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page at ${width} px`).toBeLessThanOrEqual(
      width,
    );
    // Every section of the nav in view: its links wrap rather than scroll sideways.
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    expect(await nav.locator("ul").evaluate((ul) => ul.scrollWidth - ul.clientWidth)).toBeLessThanOrEqual(0);
    for (const link of await nav.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${await link.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
    }
    // The list fits its box, and each status is whole (a long one wraps after its underscore).
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), `table at ${width} px`).toBeLessThanOrEqual(
      0,
    );
    await expect(region).not.toHaveAttribute("data-more-right", /.*/);
    const statuses = region.getByTestId("status");
    expect((await statuses.allTextContents()).sort()).toEqual([
      "DECLINED",
      "SETTLEMENT_COMPLETED",
      "SETTLEMENT_REQUESTED",
    ]);
    const edge = (await region.boundingBox())!;
    for (const badge of await statuses.all()) {
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(edge.x + edge.width);
      expect(await badge.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    // Sign out: at least 24 px high (WCAG 2.5.8); on a phone a finger's 44.
    const signOut = (await page.getByRole("button", { name: "Sign out" }).boundingBox())!;
    expect(signOut.height).toBeGreaterThanOrEqual(width < 600 ? 40 : 24);
    await snap(page, testInfo, `transactions-${width}`);
  }

  // Narrower than the list (320 px): the box scrolls, and a shadow at its edge says so.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/dashboard/transactions");
  await expect(page.getByTestId("transactions").getByRole("row")).toHaveCount(3);
  if (await region.evaluate((el) => el.scrollWidth > el.clientWidth)) {
    await expect(region).toHaveAttribute("data-more-right", "true");
    await expect(region).not.toHaveAttribute("data-more-left", /.*/);
    await snap(page, testInfo, "transactions-320");
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(region).toHaveAttribute("data-more-left", "true");
    await expect(region).not.toHaveAttribute("data-more-right", /.*/);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
