import { execFileSync } from "node:child_process";
import { expect } from "../fixtures";
import { addLogin, expectAccessible, signIn, signedIn, snap, test } from "./dashboard-helpers";
import { checkDashboardPage } from "./dashboard-quality";
import { start } from "./helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// API keys, users (invites, sign out everywhere), the audit page, accessibility of every page at
// 390 px, and the wall between organisations.

test("API keys: create (shown once, copy), last used, revoke at once", async ({
  page,
  own: api,
  context,
}, testInfo) => {
  await signedIn(page, api.merchant.organisation);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByTestId("api-key")).toHaveCount(1);
  // The CLI's key was used by the fixture's requests? Not yet: use it, then it shows a last use.
  await api.get("/v1/transaction?limit=1");
  await page.reload();
  await expect(page.getByTestId("last-used").first()).not.toHaveText("never");

  const form = page.getByTestId("create-key-form");
  await form.getByLabel("Name (optional)").fill("x".repeat(101));
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("At most 100 characters");
  await form.getByLabel("Name (optional)").fill("ci server");
  await form.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByTestId("secret").getByRole("textbox");
  await expect(secret).toHaveValue(/^sk_test_[0-9A-Za-z]{32}$/);
  const key = await secret.inputValue();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await snap(page, testInfo, "api-key-created");
  await expect(page.getByTestId("api-key")).toHaveCount(2);
  await expect(page.getByTestId("api-key").first()).toContainText(`${key.slice(0, 12)}…`);
  await expect(page.getByTestId("api-key").first()).toContainText("ci server");
  // Shown once: a reload shows the prefix only.
  await page.reload();
  await expect(page.getByTestId("secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  expect((await api.get("/v1/transaction?limit=1", { key })).status).toBe(200);
  const row = page.getByTestId("api-key").filter({ hasText: "ci server" });
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row).toContainText("revoked");
  // The revoke form went with the action: the page says what happened.
  await expect(page.getByTestId("page-notice")).toHaveText("Revoked.");
  const refused = await api.get("/v1/transaction?limit=1", { key });
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe("111");
  await expectAccessible(page, testInfo, "api-keys");
  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toHaveText("api_key.revoke");
  const actions = await page.getByTestId("audit-action").allTextContents();
  expect(actions.slice(0, 2)).toEqual(["api_key.revoke", "api_key.create"]);
});

test("an unknown transaction, request or page is 'not found' inside the dashboard", async ({
  page,
  own: api,
}, testInfo) => {
  // An unknown address asks for the login first (it answers nothing else), and comes back to it.
  const res = await page.goto("/dashboard/no-such-page");
  await expect(page).toHaveURL(/\/dashboard\/login\?callbackUrl=%2Fdashboard%2Fno-such-page$/);
  expect(res?.status()).toBe(200);
  await signedIn(page, api.merchant.organisation);
  const request = "/dashboard/developers/requests/req_000000000000000000000000";
  for (const path of [
    "/dashboard/transactions/00000000-0000-4000-8000-000000000000",
    request,
    "/dashboard/no-such-page",
    "/dashboard/transactions/00000000-0000-4000-8000-000000000000/more",
    "/dashboard/developers/nothing",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    // The dashboard's own navigation, not the shopper's "return to the shop" page.
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Transactions" }).first()).toBeVisible();
    await expect(page.getByText("return to the shop")).toHaveCount(0);
    // Why an item can be gone, only where it applies: the request log's limit.
    await expect(page.getByText("the request log keeps the last 1,000 requests")).toHaveCount(path === request ? 1 : 0);
  }
  await checkDashboardPage(page, testInfo, "not-found");
});

test("users: invite from the dashboard and the CLI, the link sets a password once; sign out everywhere", async ({
  page,
  own: api,
  browser,
}, testInfo) => {
  const owner = await signedIn(page, api.merchant.organisation);
  await page.getByRole("link", { name: "Users" }).click();
  const form = page.getByTestId("invite-form");
  await form.getByLabel("E-mail").fill("not an address");
  await form.getByRole("button", { name: "Create invite link" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Expected an e-mail address");
  await form.getByLabel("E-mail").fill(owner.email);
  await form.getByRole("button", { name: "Create invite link" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Already has a login");
  const invited = `colleague-${Math.random().toString(36).slice(2)}@example.com`;
  await form.getByLabel("E-mail").fill(invited);
  await form.getByRole("button", { name: "Create invite link" }).click();
  const first = await page.getByTestId("secret").getByRole("textbox").inputValue();
  // Inviting the same address again replaces its open link: one link, listed once.
  await form.getByLabel("E-mail").fill(invited);
  await form.getByRole("button", { name: "Create invite link" }).click();
  await expect(page.getByTestId("secret").getByRole("textbox")).not.toHaveValue(first);
  const link = await page.getByTestId("secret").getByRole("textbox").inputValue();
  expect(link).toMatch(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(invited, { exact: true })).toHaveCount(1);
  await snap(page, testInfo, "users-invited");
  await expectAccessible(page, testInfo, "users");

  // The colleague opens the link in another browser and sets a password.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const colleague = await other.newPage();
  const path = new URL(link).pathname;
  await colleague.goto(path);
  await expect(colleague.getByText(invited)).toBeVisible();
  await expectAccessible(colleague, testInfo, "invite");
  await colleague.getByLabel("Password", { exact: true }).fill("short");
  await colleague.getByLabel("Password again").fill("short");
  await colleague.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(colleague.getByTestId("field-error")).toHaveText("At least 10 characters");
  await colleague.getByLabel("Password", { exact: true }).fill("a long new password");
  await colleague.getByLabel("Password again").fill("a long new password");
  await snap(colleague, testInfo, "invite-390");
  await colleague.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(colleague.getByRole("heading", { name: "Overview" })).toBeVisible();
  // Once only; the replaced link does not work either.
  await colleague.goto(path);
  await expect(colleague.getByText("This invite link was used already")).toBeVisible();
  await colleague.goto(new URL(first).pathname);
  await expect(colleague.getByText("This invite link was used already")).toBeVisible();
  await other.close();

  // The CLI prints a link too.
  const cliEmail = `cli-${Math.random().toString(36).slice(2)}@example.com`;
  const out = JSON.parse(
    execFileSync(
      "node_modules/.bin/tsx",
      ["scripts/merchant.ts", "invite", "--organisation", api.merchant.organisation, "--email", cliEmail],
      { encoding: "utf8" },
    ),
  );
  expect(out.url).toMatch(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
  const cliContext = await browser.newContext();
  const cliPage = await cliContext.newPage();
  await cliPage.goto(new URL(out.url).pathname);
  await cliPage.getByLabel("Password", { exact: true }).fill("another long password");
  await cliPage.getByLabel("Password again").fill("another long password");
  await cliPage.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(cliPage.getByRole("heading", { name: "Overview" })).toBeVisible();
  await cliContext.close();

  await page.reload();
  await expect(page.getByTestId("users")).toContainText(invited);
  await expect(page.getByTestId("users")).toContainText(cliEmail);

  // Sign out everywhere: a second session of the owner ends too.
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await signIn(secondPage, owner.email, owner.password);
  await expect(secondPage.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("button", { name: "Yes, sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await secondPage.goto("/dashboard/transactions");
  await expect(secondPage).toHaveURL(/\/dashboard\/login\?callbackUrl=%2Fdashboard%2Ftransactions$/);
  await second.close();
  // Signing in again works.
  await signIn(page, owner.email, owner.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toBeVisible();
  const actions = await page.getByTestId("audit-action").allTextContents();
  for (const a of ["user.invite", "user.join", "user.sign_out_everywhere", "session.sign_in"])
    expect(actions).toContain(a);
  await expect(page.getByTestId("audit")).toContainText("cli");
  await snap(page, testInfo, "audit");
  await expectAccessible(page, testInfo, "audit");
});

test("every page at 390 px: no overflow, keyboard reachable, no serious axe violation", async ({
  page,
  own: api,
}, testInfo) => {
  const t = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/login");
  await expectAccessible(page, testInfo, "login");
  await snap(page, testInfo, "login-390");
  const login = addLogin(api.merchant.organisation);
  // Keyboard only: fill and submit the login with Tab and Enter.
  await page.getByLabel("E-mail").focus();
  await page.keyboard.type(login.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(login.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // The skip link comes first.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  for (const [name, path] of [
    ["overview", "/dashboard"],
    ["transactions", "/dashboard/transactions"],
    ["transaction", `/dashboard/transactions/${t.id}`],
    ["api-keys", "/dashboard/developers/api-keys"],
    ["users", "/dashboard/users"],
    ["audit", "/dashboard/audit"],
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
    await snap(page, testInfo, `${name}-390`);
    await expectAccessible(page, testInfo, `${name}-390`);
  }
  // The nav by keyboard: focus a link, Enter follows it.
  await page.getByRole("link", { name: "Transactions", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
});

test("another organisation's user never sees nor changes this one's data", async ({
  page,
  own: api,
  browser,
}, testInfo) => {
  const mine = await start(
    api,
    "dummy",
    { dummy_outcome: "SETTLEMENT_COMPLETED" },
    { merchant_reference: "secret-ref" },
  );
  const authorized = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  // The intruder: a user of another organisation.
  const { createMerchant } = await import("../fixtures");
  const otherOrg = createMerchant("Dashboard intruder");
  await signedIn(page, otherOrg.organisation);

  expect((await page.goto(`/dashboard/transactions/${mine.id}`))?.status()).toBe(404);
  await page.goto(`/dashboard/transactions?q=${mine.id}`);
  await expect(page.getByTestId("transactions")).toContainText("No transactions match.");
  await page.goto("/dashboard/transactions?q=secret-ref");
  await expect(page.getByTestId("transactions")).toContainText("No transactions match.");
  const csv = await (await page.request.get("/dashboard/transactions/export")).text();
  expect(csv).not.toContain(mine.id);
  await page.goto("/dashboard");
  await expect(page.getByTestId("totals")).toContainText("Transactions0");
  await page.goto("/dashboard/developers/api-keys");
  await expect(page.getByTestId("api-key")).toHaveCount(1);
  await expect(page.getByTestId("api-keys")).not.toContainText(api.merchant.api_key.slice(0, 12));

  // Forged forms: the intruder's own page, with this organisation's ids put in the hidden fields.
  const victimPage = await browser.newPage();
  await signedIn(victimPage, api.merchant.organisation);
  await victimPage.goto("/dashboard/developers/api-keys");
  const victimKeyId = await victimPage.getByTestId("api-key").first().locator('input[name="id"]').inputValue();
  await victimPage.close();
  // (set after the question opens: a re-render puts React's value back)
  const revoke = page.getByTestId("api-key").first();
  await revoke.getByRole("button", { name: "Revoke" }).click();
  await revoke.locator('input[name="id"]').evaluate((el, id) => {
    (el as HTMLInputElement).value = id;
  }, victimKeyId);
  await revoke.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(revoke.getByRole("alert")).toContainText(`No api_key with id "${victimKeyId}"`);
  expect((await api.get("/v1/transaction?limit=1")).status).toBe(200);

  const own = await start(new (await import("../fixtures")).Api(page.request, otherOrg), "dummy", {
    dummy_outcome: "SETTLEMENT_COMPLETED",
  });
  await page.goto(`/dashboard/transactions/${own.id}`);
  const refund = page.getByTestId("refund-form");
  await refund.getByLabel("Amount (EUR)").fill("5");
  await refund.getByRole("button", { name: "Refund" }).click();
  await refund.locator('input[name="id"]').evaluate((el, id) => {
    (el as HTMLInputElement).value = id;
  }, mine.id);
  await refund.getByRole("button", { name: "Yes, refund" }).click();
  await expect(refund.getByRole("alert")).toContainText(`No transaction with id "${mine.id}"`);
  expect((await api.get(`/v1/transaction/${mine.id}/refunds`)).body.data).toEqual([]);
  await snap(page, testInfo, "isolation-refused");
  expect((await api.get(`/v1/transaction/${authorized.id}`)).body.status).toBe("AUTHORIZED");
});
