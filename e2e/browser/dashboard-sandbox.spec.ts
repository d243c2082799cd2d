import type { Page } from "@playwright/test";
import { Api, createMerchant, customerBody, eventually, expect } from "../fixtures";
import { signedIn, snap, test } from "./dashboard-helpers";
import { checkDashboardPage, navPages } from "./dashboard-quality";
import { start } from "./helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// The transaction page's sandbox test controls and the Settings page, through the browser against
// the real service (main server: realistic timers, settlement after 30 s), each checked in the
// API's own answer and in the audit log.

const openTransaction = async (page: Page, id: string) => {
  await page.goto(`/dashboard/transactions/${id}`);
  await expect(page.getByText(id, { exact: true })).toBeVisible();
};
const statusOf = async (api: Api, id: string) => (await api.get(`/v1/transaction/${id}`)).body.status as string;
const historyOf = async (api: Api, id: string) =>
  (await api.get(`/v1/transaction/${id}/history`)).body.data as { status: string; actor: string; reason: string }[];
const lastStatus = (page: Page) => page.getByTestId("history").getByTestId("status").last();

test("advance: the next timer now, then nothing pending; until final", async ({ page, own: api }, testInfo) => {
  const t = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" });
  await signedIn(page, api.merchant.organisation);
  await openTransaction(page, t.id);
  const next = page.getByTestId("advance-next-form");
  await next.getByRole("button", { name: "Run next timer" }).click();
  await expect(next.getByRole("status")).toHaveText("Ran 1 timer (settle): now SETTLEMENT_COMPLETED.");
  await expect(lastStatus(page)).toHaveText("SETTLEMENT_COMPLETED");
  expect(await statusOf(api, t.id)).toBe("SETTLEMENT_COMPLETED");
  await next.getByRole("button", { name: "Run next timer" }).click();
  await expect(next.getByRole("status")).toHaveText("No timer was pending: still SETTLEMENT_COMPLETED.");

  // until final: the dummy update (UNKNOWN → SETTLEMENT_REQUESTED), then settlement.
  const u = await start(api, "dummy", { dummy_outcome: "UNKNOWN", dummy_outcome_update: "SETTLEMENT_REQUESTED" });
  await openTransaction(page, u.id);
  const final = page.getByTestId("advance-final-form");
  await final.getByRole("button", { name: "Run until final" }).click();
  await expect(final.getByRole("status")).toHaveText("Ran 2 timers (dummy_update, settle): now SETTLEMENT_COMPLETED.");
  expect((await historyOf(api, u.id)).map((h) => h.status)).toEqual([
    "INITIATED",
    "UNKNOWN",
    "SETTLEMENT_REQUESTED",
    "SETTLEMENT_COMPLETED",
  ]);
  await checkDashboardPage(page, testInfo, "transaction-advanced");

  await page.goto("/dashboard/audit");
  const actions = await page.getByTestId("audit-action").allTextContents();
  expect(actions.slice(0, 3)).toEqual([
    "transaction.test_advance",
    "transaction.test_advance",
    "transaction.test_advance",
  ]);
  await expect(page.getByTestId("audit").getByRole("row").first()).toContainText("dummy_update,settle");
});

test("set status: what the table allows is shown; a refused move names allowed_from next to the field", async ({
  page,
  own: api,
}, testInfo) => {
  // AUTHORIZED: no timer of its own, so nothing moves it while the test runs.
  const t = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  await signedIn(page, api.merchant.organisation);
  await openTransaction(page, t.id);
  const form = page.getByTestId("set-status-form");
  await expect(page.getByTestId("allowed-next")).toHaveText(
    "From AUTHORIZED the table allows: SETTLEMENT_REQUESTED, FAILED, UNKNOWN, AUTHORIZATION_VOIDED.",
  );

  // Nothing chosen: the API's schema answers next to the field.
  await form.getByRole("button", { name: "Set status" }).click();
  await form.getByRole("button", { name: "Yes, set status" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Required");

  // Refused by the table (130): allowed_from next to the field, the choice kept.
  await form.getByLabel("Status").selectOption("SETTLEMENT_COMPLETED");
  await form.getByRole("button", { name: "Set status" }).click();
  await form.getByRole("button", { name: "Yes, set status" }).click();
  await expect(form.getByTestId("field-error")).toHaveText(
    "Not allowed from AUTHORIZED. Allowed from: SETTLEMENT_REQUESTED, UNKNOWN.",
  );
  await expect(form.getByLabel("Status")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Status")).toHaveValue("SETTLEMENT_COMPLETED");
  await checkDashboardPage(page, testInfo, "set-status-refused");
  expect(await statusOf(api, t.id)).toBe("AUTHORIZED");

  // Keyboard only: choose with the arrow keys, Enter on the button and on the focused question.
  await form.getByLabel("Status").selectOption("FAILED");
  await form.getByLabel("Reason (optional)").fill("Flagged by risk");
  await form.getByRole("button", { name: "Set status" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("button", { name: "Yes, set status" })).toBeFocused();
  await page.keyboard.press("Enter");
  // FAILED is final: the form goes (nothing could be set any more), the page says what happened.
  await expect(page.getByTestId("page-notice")).toHaveText("Status set to FAILED.");
  await expect(lastStatus(page)).toHaveText("FAILED");
  await expect(page.getByTestId("allowed-next")).toHaveText("FAILED is final: no status can follow it.");
  await expect(form).toHaveCount(0);
  expect((await historyOf(api, t.id)).at(-1)).toMatchObject({
    status: "FAILED",
    actor: "sandbox",
    reason: "Flagged by risk",
  });
  const events = (await api.get(`/v1/transaction/${t.id}/webhooks`)).body.data;
  expect(events.map((e: { payload: { status: string } }) => e.payload.status)).toContain("FAILED");
  await snap(page, testInfo, "set-status-done");

  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toHaveText("transaction.test_status");
  await expect(page.getByTestId("audit").getByRole("row").first()).toContainText("Flagged by risk");
});

test("timeline: bad steps named next to their field; steps applied in order, a refused one recorded as skipped", async ({
  page,
  own: api,
}, testInfo) => {
  const res = await api.post("/v1/transaction/start", {
    payment_profile: api.merchant.payment_profile,
    amount: 2500,
    customer: customerBody(),
    payment_product: "dummy",
    merchant_reference: "timeline-1",
    details: { redirect_url: "https://shop.example/return" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  await signedIn(page, api.merchant.organisation);
  await openTransaction(page, id);
  const form = page.getByTestId("timeline-form");

  // Nothing: a sentence with the message, not the schema's "steps: At least one step".
  await form.getByRole("button", { name: "Schedule timeline" }).click();
  await expect(form.getByTestId("form-error")).toHaveText(
    "Fill in at least one step: its wait in milliseconds and a status.",
  );
  await expect(form.getByRole("alert")).not.toContainText("steps:");
  // A bad delay and a missing status, each next to its own field.
  const step1 = form.getByRole("group", { name: "Step 1" });
  const step2 = form.getByRole("group", { name: "Step 2 (optional)" });
  await step1.getByLabel("After (ms)").fill("soon");
  await step1.getByLabel("Status").selectOption("SETTLEMENT_REQUESTED");
  await step2.getByLabel("After (ms)").fill("400");
  await form.getByRole("button", { name: "Schedule timeline" }).click();
  await expect(step1.getByTestId("field-error")).toHaveText(
    "Expected a whole number of milliseconds (0 or more), e.g. 1500",
  );
  await expect(step2.getByTestId("field-error")).toHaveText("Required");
  await expect(step1.getByLabel("Status")).toHaveValue("SETTLEMENT_REQUESTED");
  await checkDashboardPage(page, testInfo, "timeline-refused");

  await step1.getByLabel("After (ms)").fill("100");
  await step1.getByLabel("Reason (optional)").fill("Paid");
  await step2.getByLabel("After (ms)").fill("600");
  await step2.getByLabel("Status").selectOption("IN_PROGRESS");
  await form.getByRole("button", { name: "Schedule timeline" }).click();
  await expect(form.getByRole("status")).toContainText("Timeline scheduled: SETTLEMENT_REQUESTED at");
  const rows = await eventually(
    async () => {
      const h = await historyOf(api, id);
      return h.length >= 3 ? h : undefined;
    },
    { timeout: 15_000 },
  );
  expect(rows.map((h) => [h.status, h.actor])).toEqual([
    ["INITIATED", "api"],
    ["SETTLEMENT_REQUESTED", "sandbox"],
    ["SETTLEMENT_REQUESTED", "sandbox"],
  ]);
  await page.reload();
  await expect(page.getByTestId("history")).toContainText(
    "Timeline step skipped: IN_PROGRESS is not allowed from SETTLEMENT_REQUESTED",
  );
  await snap(page, testInfo, "timeline-applied");
  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toHaveText("transaction.test_timeline");
});

test("settings: seed demo data (bounded), reset with the organisation's name typed, counts answered", async ({
  page,
  own: api,
}, testInfo) => {
  const kept = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
  await signedIn(page, api.merchant.organisation);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  const seed = page.getByTestId("seed-form");
  await seed.getByLabel("Transactions").fill("0");
  await seed.getByRole("button", { name: "Seed demo data" }).click();
  await expect(seed.getByTestId("field-error")).toHaveText("At least 1");
  await seed.getByLabel("Transactions").fill("99999");
  await seed.getByRole("button", { name: "Seed demo data" }).click();
  await expect(seed.getByTestId("field-error")).toHaveText("At most 5000 from the dashboard (the CLI seeds more)");
  await seed.getByLabel("Transactions").fill("40");
  await seed.getByRole("button", { name: "Seed demo data" }).click();
  await expect(seed.getByRole("status")).toContainText("Seeded 40 transactions");
  const listed = (await api.get("/v1/transaction?limit=100")).body.data as { id: string }[];
  expect(listed.length).toBe(41);

  const name = (await page.getByTestId("organisation").textContent())?.trim() ?? "";
  const reset = page.getByTestId("reset-form");
  await reset.getByLabel(/Type the organisation name/).fill("not the name");
  await reset.getByRole("button", { name: "Reset sandbox" }).click();
  await expect(reset.getByTestId("field-error")).toHaveText(`Type the organisation name exactly: ${name}`);
  expect(((await api.get("/v1/transaction?limit=100")).body.data as unknown[]).length).toBe(41);
  await checkDashboardPage(page, testInfo, "settings-refused");

  await reset.getByLabel(/Type the organisation name/).fill(name);
  await reset.getByRole("button", { name: "Reset sandbox" }).click();
  await expect(reset.getByRole("status")).toContainText("Sandbox reset. Deleted 41 transactions,");
  expect((await api.get("/v1/transaction?limit=100")).body.data).toEqual([]);
  expect((await api.get(`/v1/transaction/${kept.id}`)).status).toBe(404);
  // Keys stay: the API key above still works.
  expect((await api.get("/v1/transaction?limit=1")).status).toBe(200);
  await snap(page, testInfo, "settings-reset");

  await page.goto("/dashboard/audit");
  const actions = await page.getByTestId("audit-action").allTextContents();
  expect(actions.slice(0, 2)).toEqual(["sandbox.reset", "sandbox.seed"]);
});

test("another organisation's user cannot drive this one's transactions or reset its sandbox", async ({
  page,
  own: api,
  request,
}, testInfo) => {
  const mine = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  const before = await historyOf(api, mine.id);
  const intruderOrg = createMerchant("Dashboard sandbox intruder");
  const intruderApi = new Api(request, intruderOrg);
  const theirs = await start(intruderApi, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" });
  await signedIn(page, intruderOrg.organisation);
  expect((await page.goto(`/dashboard/transactions/${mine.id}`))?.status()).toBe(404);

  // Forged forms: the intruder's own transaction page, with this organisation's id put in.
  await openTransaction(page, theirs.id);
  const forge = (form: ReturnType<Page["getByTestId"]>) =>
    form.locator('input[name="id"]').evaluate((el, id) => {
      (el as HTMLInputElement).value = id;
    }, mine.id);
  const advance = page.getByTestId("advance-final-form");
  await forge(advance);
  await advance.getByRole("button", { name: "Run until final" }).click();
  await expect(advance.getByRole("alert")).toContainText(`No transaction with id "${mine.id}"`);

  const status = page.getByTestId("set-status-form");
  await status.getByLabel("Status").selectOption("FAILED");
  await status.getByRole("button", { name: "Set status" }).click();
  await forge(status);
  await status.getByRole("button", { name: "Yes, set status" }).click();
  await expect(status.getByRole("alert")).toContainText(`No transaction with id "${mine.id}"`);

  const timeline = page.getByTestId("timeline-form");
  const step1 = timeline.getByRole("group", { name: "Step 1" });
  await step1.getByLabel("After (ms)").fill("0");
  await step1.getByLabel("Status").selectOption("DECLINED");
  await forge(timeline);
  await timeline.getByRole("button", { name: "Schedule timeline" }).click();
  await expect(timeline.getByRole("alert")).toContainText(`No transaction with id "${mine.id}"`);
  await snap(page, testInfo, "sandbox-isolation-refused");

  // The intruder resets their own sandbox: this organisation's transaction stays.
  await page.goto("/dashboard/settings");
  const reset = page.getByTestId("reset-form");
  const intruderName = (await page.getByTestId("organisation").textContent())?.trim() ?? "";
  await reset.getByLabel(/Type the organisation name/).fill(intruderName);
  await reset.getByRole("button", { name: "Reset sandbox" }).click();
  await expect(reset.getByRole("status")).toContainText("Deleted 1 transaction,");
  expect((await intruderApi.get(`/v1/transaction/${theirs.id}`)).status).toBe(404);

  const after = await api.get(`/v1/transaction/${mine.id}`);
  expect(after.body.status).toBe("AUTHORIZED");
  expect(await historyOf(api, mine.id)).toEqual(before);
});

test("every page in the nav, at 390 px and on a desktop: no overflow, no serious axe violation, keyboard reachable", async ({
  page,
  own: api,
}, testInfo) => {
  const t = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  await signedIn(page, api.merchant.organisation);
  const pages = await navPages(page);
  expect(pages.map((p) => p.name)).toEqual(expect.arrayContaining(["Overview", "Transactions", "Settings"]));
  for (const p of [...pages, { name: "transaction", href: `/dashboard/transactions/${t.id}` }]) {
    await page.goto(p.href);
    await checkDashboardPage(page, testInfo, `page-${p.name.toLowerCase().replaceAll(/\W+/g, "-")}`);
  }
  // Each nav link takes the keyboard focus and Enter follows it.
  for (const p of pages) {
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: p.name, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${p.href}$`));
  }
});
