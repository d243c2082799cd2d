import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { Api, test as base, createMerchant, eventually, expect } from "../fixtures";
import type { Receiver } from "../webhooks";

/** A dashboard login for the organisation, made with the merchant CLI. */
export function addLogin(organisation: string) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const password = "correct horse battery";
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/merchant.ts", "user", "--organisation", organisation, "--email", email, "--password", password],
    { encoding: "utf8" },
  );
  return { email, password };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/dashboard/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signedIn(page: Page, organisation: string) {
  const login = addLogin(organisation);
  await signIn(page, login.email, login.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  return login;
}

/** A full-page screenshot kept as a test artefact (attached, and under test-results/dashboard/). */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync("test-results/dashboard", { recursive: true });
  const path = `test-results/dashboard/${name}.png`;
  const body = await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${name}`,
  ).toEqual([]);
}

/** Tests with a merchant of their own (the shared fixtures' merchant lives for a whole worker). */
/**
 * Clicks Resend on the first event shown under `testId` (one attempt so far) and waits until the
 * receiver has it again and the page lists the second attempt, triggered by "resend".
 */
export async function resendFirstEvent(page: Page, testId: string, receiver: Receiver) {
  const attempts = () => page.getByTestId(testId).first().getByTestId("attempts");
  await expect(attempts().getByRole("row")).toHaveCount(1);
  const before = receiver.deliveries.length;
  await page.getByTestId(testId).first().getByRole("button", { name: "Resend" }).click();
  await expect(page.getByTestId(testId).first().getByRole("status")).toHaveText("Resend queued.");
  await eventually(async () => receiver.deliveries.length > before);
  await expect(async () => {
    await page.reload();
    await expect(attempts().getByRole("row")).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(attempts()).toContainText("resend");
}

export const test = base.extend<{ own: Api }>({
  own: async ({ request }, use, testInfo) =>
    use(
      new Api(
        request,
        createMerchant(`Dashboard ${testInfo.title.slice(0, 40)} ${Math.random().toString(36).slice(2, 6)}`),
      ),
    ),
});
