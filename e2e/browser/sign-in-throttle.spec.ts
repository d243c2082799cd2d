import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/dashboard/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("dashboard sign-in is throttled per account: after 5 failures even the right password waits", async ({
  page,
  merchant,
}) => {
  const email = `throttle-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "correct horse battery";
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/merchant.ts", "user", "--organisation", merchant.organisation, "--email", email, "--password", password],
    { encoding: "utf8" },
  );
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `wrong password ${i}`);
    await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  }
  await signIn(page, email, password);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Too many failed sign-ins. Please wait a few minutes before trying again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/login\?error=throttled$/);
});
