import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { start } from "./helpers";

function addLogin(organisation: string) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "correct horse battery";
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/merchant.ts", "user", "--organisation", organisation, "--email", email, "--password", password],
    { encoding: "utf8" },
  );
  return { email, password };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/dashboard/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the dashboard needs a login, shows only the organisation's transactions, and signs out", async ({
  page,
  api,
  otherApi,
  merchant,
}) => {
  const login = addLogin(merchant.organisation);
  const ref = `dash-${Math.random().toString(36).slice(2, 10)}`;
  const mine = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" }, { merchant_reference: ref });
  const theirs = await start(otherApi, "dummy", { dummy_outcome: "DECLINED" });

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/login$/);
  await signIn(page, login.email, "wrong password!");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();

  await signIn(page, login.email, login.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await page.getByLabel("Search").fill(ref);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: ref })).toBeVisible();
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByText(mine.id)).toBeVisible();
  await expect(page.getByTestId("history").getByTestId("status")).toHaveText(["INITIATED", "SETTLEMENT_REQUESTED"]);

  const foreign = await page.goto(`/dashboard/transactions/${theirs.id}`);
  expect(foreign?.status()).toBe(404);

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/login$/);
});

test("a signed-out deep link lands on its page after the login; another site is never a callback", async ({
  page,
  merchant,
}) => {
  const login = addLogin(merchant.organisation);
  const asked = "/dashboard/transactions?status=DECLINED";
  const pathOf = (url: URL) => `${url.pathname}${url.search}`;
  await page.goto(asked);
  await page.waitForURL((url) => pathOf(url) === `/dashboard/login?callbackUrl=${encodeURIComponent(asked)}`);
  // A wrong password keeps where to go.
  await page.getByLabel("E-mail").fill(login.email);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(asked);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => pathOf(url) === asked);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("DECLINED");

  // Anything but a dashboard path of this site is dropped: the login lands on the overview.
  const origin = new URL(page.url()).origin;
  for (const callback of [
    "https://evil.example/dashboard",
    "//evil.example/dashboard",
    "/\\evil.example",
    "/dashboard/../pay/x",
    `${origin}/dashboard/users`,
  ]) {
    await page.context().clearCookies();
    await page.goto(`/dashboard/login?callbackUrl=${encodeURIComponent(callback)}`);
    await expect(page.locator('input[name="callbackUrl"]')).toHaveCount(0);
    await page.getByLabel("E-mail").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    expect(page.url(), callback).toBe(`${origin}/dashboard`);
  }
  // A forged form field is checked again by the sign-in itself.
  await page.context().clearCookies();
  await page.goto("/dashboard/login");
  await page.locator("form").evaluate((form) => {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = "callbackUrl";
    input.value = "https://evil.example/";
    form.append(input);
  });
  await page.getByLabel("E-mail").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  expect(page.url()).toBe(`${origin}/dashboard`);
});

test("merchant CLI refuses a short password and an unknown organisation", () => {
  const run = (...args: string[]) => {
    try {
      execFileSync("node_modules/.bin/tsx", ["scripts/merchant.ts", "user", ...args], {
        encoding: "utf8",
        stdio: "pipe",
      });
      return { status: 0, stderr: "" };
    } catch (e: any) {
      return { status: e.status, stderr: String(e.stderr) };
    }
  };
  const short = run(
    "--organisation",
    "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01",
    "--email",
    "a@example.com",
    "--password",
    "short",
  );
  expect(short.status).toBe(1);
  expect(short.stderr).toContain("password");
  const unknown = run(
    "--organisation",
    "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01",
    "--email",
    "a@example.com",
    "--password",
    "long enough password",
  );
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain("120");
});
