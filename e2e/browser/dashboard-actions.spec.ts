import type { Page } from "@playwright/test";
import { eventually, expect } from "../fixtures";
import { Receiver } from "../webhooks";
import { expectAccessible, resendFirstEvent, signedIn, snap, test } from "./dashboard-helpers";
import { start } from "./helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// The transaction page's actions against the real service: every one through the browser, each
// checked in the API's own answer afterwards and in the audit log.

const openTransaction = async (page: Page, id: string) => {
  await page.goto(`/dashboard/transactions/${id}`);
  await expect(page.getByText(id, { exact: true })).toBeVisible();
};

const status = async (api: { get: (p: string) => Promise<{ body: any }> }, id: string) =>
  (await api.get(`/v1/transaction/${id}`)).body.status as string;

test("refund: checked before it asks, the question names the amount, Enter works, the server still decides; audited", async ({
  page,
  own: api,
}, testInfo) => {
  const merchant = api.merchant;
  const t = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
  await signedIn(page, merchant.organisation);
  await openTransaction(page, t.id);
  const form = page.getByTestId("refund-form");
  const amount = form.getByLabel("Amount (EUR)");
  await expect(page.getByText("Refundable: €25.00")).toBeVisible();

  // Checked in the page before anything is asked: the server's rules, in euros, next to the field;
  // the typed amount stays and the field has the focus.
  for (const [typed, reason] of [
    ["abc", "Expected an amount in euros, e.g. 25 or 25.00"],
    ["ten", "Expected an amount in euros, e.g. 25 or 25.00"],
    ["0", "Must be at least €0.01"],
    ["30", "Exceeds the refundable amount (€25.00)"],
  ]) {
    await amount.fill(typed);
    await form.getByRole("button", { name: "Refund" }).click();
    await expect(form.getByTestId("field-error")).toHaveText(reason);
    await expect(form.getByRole("alertdialog")).toHaveCount(0);
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveValue(typed);
    await expect(amount).toBeFocused();
  }
  await snap(page, testInfo, "refund-error");
  expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body.data).toEqual([]);

  // A valid amount: the question names it, and the field is locked while it is asked.
  await amount.fill("10");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(form.getByRole("alertdialog")).toHaveText(/^Refund €10\.00 to the shopper\? This cannot be undone\./);
  await expect(form.getByTestId("field-error")).toHaveCount(0);
  await expect(amount).not.toBeEditable();
  await expect(form.getByRole("button", { name: "Yes, refund" })).toBeFocused();
  await snap(page, testInfo, "refund-confirm");
  // "Keep it" runs nothing and unlocks the field.
  await form.getByRole("button", { name: "Keep it" }).click();
  await expect(amount).toBeEditable();
  expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body.data).toEqual([]);

  // Enter in the amount field starts the same flow; Enter again on the focused confirmation runs it.
  await form.getByLabel("Reason (optional)").fill("damaged box");
  await amount.fill("10");
  await amount.press("Enter");
  await expect(form.getByRole("alertdialog")).toContainText("Refund €10.00 to the shopper?");
  await expect(form.getByRole("button", { name: "Yes, refund" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Refund of €10.00 requested." })).toBeVisible();
  await expect(page.getByTestId("refunds")).toContainText("€10.00");
  await expect(page.getByText("Refundable: €15.00")).toBeVisible();
  // Under the amount: what was refunded and what the merchant keeps.
  await expect(page.getByTestId("amount-notes")).toHaveText("Refunded €10.00 · net €15.00");
  const refunds = (await api.get(`/v1/transaction/${t.id}/refunds`)).body.data;
  expect(JSON.stringify(refunds)).toContain("damaged box");
  await snap(page, testInfo, "refund-done");
  await expectAccessible(page, testInfo, "transaction-refund");

  // The server stays the authority: refunded meanwhile through the API, the page's €15.00 is stale;
  // €10.00 passes the page's check but the service refuses it, in euros, next to the field.
  expect((await api.post(`/v1/transaction/${t.id}/refund`, { amount: 1000 })).status).toBeLessThan(300);
  await amount.fill("10");
  await form.getByRole("button", { name: "Refund" }).click();
  await form.getByRole("button", { name: "Yes, refund" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Exceeds the refundable amount (€5.00)");
  await expect(amount).toHaveValue("10");

  // Empty refunds the rest, as its hint says, and the question says how much that is.
  await page.reload();
  await expect(page.getByText("Refundable: €5.00")).toBeVisible();
  await expect(amount).toHaveAttribute("placeholder", "5.00");
  await expect(form.getByTestId("field-hint")).toHaveText("Empty refunds the rest (€5.00).");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(form.getByRole("alertdialog")).toContainText("Refund the remaining €5.00 to the shopper?");
  await form.getByRole("button", { name: "Yes, refund" }).click();
  // Nothing is left to refund: the form goes, its answer is the page's notice.
  await expect(page.getByTestId("page-notice")).toHaveText("Refund of €5.00 requested.");
  await expect(page.getByTestId("refund-form")).toHaveCount(0);
  await expect(page.getByText("minor units")).toHaveCount(0);
  const amounts = (await api.get(`/v1/transaction/${t.id}/refunds`)).body.data.map((r: any) => r.amount);
  expect(amounts).toEqual(["1000", "1000", "500"]);
  await expect(page.getByTestId("amount-notes")).toHaveText("Refunded €25.00 · net €0.00");

  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit").getByRole("row").first()).toContainText("transaction.refund");
  await expect(page.getByTestId("audit").getByRole("row").first()).toContainText(t.id);
});

test("capture (partial), void and cancel, only where the status allows", async ({ page, own: api }, testInfo) => {
  const merchant = api.merchant;
  const toCapture = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  const toVoid = await start(api, "dummy", { dummy_outcome: "AUTHORIZED" });
  const toCancel = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" });
  const declined = await start(api, "dummy", { dummy_outcome: "DECLINED" });
  await signedIn(page, merchant.organisation);

  await openTransaction(page, declined.id);
  await expect(page.getByRole("heading", { name: "Actions" })).toHaveCount(0);

  await openTransaction(page, toCapture.id);
  await expect(page.getByTestId("cancel-form")).toHaveCount(0);
  const capture = page.getByTestId("capture-form");
  // Refused before anything is asked: more than authorized.
  await capture.getByLabel("Amount (EUR)").fill("99");
  await capture.getByRole("button", { name: "Capture" }).click();
  await expect(capture.getByTestId("field-error")).toHaveText("Must not exceed the authorized amount (€25.00)");
  await expect(capture.getByRole("alertdialog")).toHaveCount(0);
  await capture.getByLabel("Amount (EUR)").fill("20.00");
  await capture.getByRole("button", { name: "Capture" }).click();
  // The question names the amount.
  await expect(capture.getByRole("alertdialog")).toContainText(
    "Capture €20.00 of €25.00? The shopper is charged €20.00; the rest is released.",
  );
  await snap(page, testInfo, "capture-confirm");
  await capture.getByRole("button", { name: "Yes, capture" }).click();
  await expect(page.getByTestId("history").getByTestId("status").last()).toHaveText("SETTLEMENT_REQUESTED");
  expect(await status(api, toCapture.id)).toBe("SETTLEMENT_REQUESTED");
  await expect(page.getByTestId("history").getByText("Captured 2000 of 2500")).toBeVisible();
  // The history names who captured: the dashboard, not the API.
  const history = (await api.get(`/v1/transaction/${toCapture.id}/history`)).body.data;
  expect(history.at(-1)).toMatchObject({ status: "SETTLEMENT_REQUESTED", actor: "dashboard" });
  await expect(page.getByTestId("history").locator("li").last()).toContainText("by dashboard");
  const capturedRow = (p: typeof page) => p.locator("dt", { hasText: /^Captured$/ }).locator("+ dd");
  await expect(capturedRow(page)).toHaveText("€20.00");
  await expect(page.getByTestId("amount-notes")).toHaveText("Captured €20.00 of €25.00");
  // Captured at once (capture_now): the whole amount, not "—".
  await openTransaction(page, toCancel.id);
  await expect(capturedRow(page)).toHaveText("€25.00");
  await openTransaction(page, toVoid.id);
  await expect(capturedRow(page)).toHaveText("—");

  await openTransaction(page, toVoid.id);
  await page.getByTestId("void-form").getByRole("button", { name: "Void" }).click();
  await page.getByTestId("void-form").getByRole("button", { name: "Yes, void" }).click();
  await expect(page.getByTestId("history").getByTestId("status").last()).toHaveText("AUTHORIZATION_VOIDED");
  // The void form is gone with the action: its result is the page's notice, and has the focus.
  await expect(page.getByTestId("void-form")).toHaveCount(0);
  await expect(page.getByTestId("page-notice")).toHaveText("Authorization voided.");
  await expect(page.getByTestId("page-notice")).toBeFocused();
  expect(await status(api, toVoid.id)).toBe("AUTHORIZATION_VOIDED");

  // Keyboard only: Tab to the button, Enter, then Enter on the focused confirmation.
  await openTransaction(page, toCancel.id);
  const cancel = page.getByTestId("cancel-form").getByRole("button", { name: "Cancel payment" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Yes, cancel payment" })).toBeFocused();
  // "Keep it" puts the focus back on the button that asked.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Yes, cancel payment" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("page-notice")).toHaveText("Cancelled.");
  await expect(page.getByTestId("history").getByTestId("status").last()).toHaveText("CANCELLED");
  expect(await status(api, toCancel.id)).toBe("CANCELLED");
  await snap(page, testInfo, "cancelled");

  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toHaveText("transaction.cancel");
  const actions = await page.getByTestId("audit-action").allTextContents();
  expect(actions.slice(0, 3)).toEqual(["transaction.cancel", "transaction.void", "transaction.capture"]);
});

test("webhook events with every attempt, and Resend adds an attempt", async ({ page, own: api }, testInfo) => {
  const merchant = api.merchant;
  const receiver = await Receiver.start("ok");
  try {
    const t = await start(
      api,
      "dummy",
      { dummy_outcome: "SETTLEMENT_COMPLETED" },
      { webhook_transaction_update: receiver.url() },
    );
    await eventually(async () => receiver.deliveries.length >= 1);
    await signedIn(page, merchant.organisation);
    await openTransaction(page, t.id);
    await expect(page.getByTestId("webhook-event").first().getByTestId("attempts")).toContainText("HTTP 200");
    await resendFirstEvent(page, "webhook-event", receiver);
    await snap(page, testInfo, "webhooks-resent");
    await page.goto("/dashboard/audit");
    await expect(page.getByTestId("audit-action").first()).toHaveText("webhook_event.resend");
  } finally {
    await receiver.close();
  }
});
