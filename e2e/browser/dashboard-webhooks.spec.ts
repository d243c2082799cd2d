import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createMerchant, eventually, expect } from "../fixtures";
import { STRICT } from "../isolated";
import { Receiver } from "../webhooks";
import { expectAccessible, resendFirstEvent, signIn, signedIn, snap, test } from "./dashboard-helpers";
import { start } from "./helpers";

// Browser, axe and screenshots on a loaded 2-core machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

// Developers → Webhooks and the event log against the real service: every action through the
// browser, checked in the API's own answer (or at a real receiver) afterwards and in the audit log.

const openWebhooks = async (page: Page) => {
  await page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
};

const auditActions = async (page: Page) => {
  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-action").first()).toBeVisible();
  return page.getByTestId("audit-action").allTextContents();
};

/** A correct handler: verifies the signature and the timestamp (standardwebhooks), acknowledges the rest. */
async function verifyingReceiver(secret: string) {
  const wh = new Webhook(secret);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        wh.verify(Buffer.concat(chunks).toString("utf8"), req.headers as Record<string, string>);
      } catch {
        return res.writeHead(400).end("bad signature");
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test("webhook settings: URL, products and chaos with the API's reasons next to the field; chaos shows per attempt; audited", async ({
  page,
  own: api,
}, testInfo) => {
  const receiver = await Receiver.start("ok");
  try {
    const profileUrl = `/v1/payment-profile/${api.merchant.payment_profile}`;
    const before = (await api.get(profileUrl)).body;
    await signedIn(page, api.merchant.organisation);
    await openWebhooks(page);
    const form = page.getByTestId("profile-form");
    await expect(form.getByLabel("Webhook URL")).toHaveValue(before.webhook_transaction_update);

    // The API's zod schema, reason by reason next to its field.
    await form.getByLabel("Webhook URL").fill("ftp://example.com/hooks");
    for (const box of await form.getByRole("checkbox", { name: /^(?!Deliveries)/ }).all()) await box.uncheck();
    await form.getByLabel("Deliveries misbehave on purpose").check();
    await form.getByLabel("Delay min (ms)").fill("900");
    await form.getByLabel("Delay max (ms)").fill("100");
    await form.getByLabel("Duplicates (share 0–1)").fill("2");
    await form.getByLabel("Fail first N attempts").fill("many");
    await form.getByRole("button", { name: "Save webhook settings" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please correct the marked fields.");
    const error = (label: string) => form.getByLabel(label).locator("xpath=..").getByTestId("field-error");
    await expect(error("Webhook URL")).toHaveText("Expected an absolute http(s) URL");
    await expect(form.getByLabel("Webhook URL")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByTestId("field-error").filter({ hasText: "Tick at least one product" })).toBeVisible();
    await expect(error("Delay min (ms)")).toHaveText("min must not exceed max");
    await expect(error("Duplicates (share 0–1)")).toContainText("<=1");
    await expect(error("Fail first N attempts")).toHaveText("Expected a number");
    // What was typed stays.
    await expect(form.getByLabel("Webhook URL")).toHaveValue("ftp://example.com/hooks");
    await expect(form.getByLabel("Fail first N attempts")).toHaveValue("many");
    await snap(page, testInfo, "webhooks-errors");
    await expectAccessible(page, testInfo, "webhooks-errors");
    expect((await api.get(profileUrl)).body).toEqual(before);

    // Valid: every attempt's first try fails on purpose; SEPA switched off.
    await form.getByLabel("Webhook URL").fill(receiver.url());
    for (const box of await form.getByRole("checkbox", { name: /^(?!Deliveries)/ }).all()) await box.check();
    await form.getByRole("checkbox", { name: /^SEPA Direct Debit/ }).uncheck();
    await form.getByLabel("Delay min (ms)").fill("10");
    await form.getByLabel("Delay max (ms)").fill("20");
    await form.getByLabel("Duplicates (share 0–1)").fill("0");
    await form.getByLabel("Fail first N attempts").fill("1");
    // By keyboard: the focus stays on the button while it saves and after (never back to the page's start).
    const save = form.getByRole("button", { name: "Save webhook settings" });
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(form.getByRole("status")).toHaveText("Saved.");
    await expect(save).toBeFocused();
    const after = (await api.get(profileUrl)).body;
    expect(after.webhook_transaction_update).toBe(receiver.url());
    expect(after.enabled_products).not.toContain("sepa");
    expect(after.enabled_products).toContain("dummy");
    expect(after.webhook_chaos).toMatchObject({
      enabled: true,
      delay_ms: { min: 10, max: 20 },
      fail_first_attempts: 1,
      duplicate_rate: 0,
    });
    await page.reload();
    await expect(page.getByTestId("profile-form").getByLabel("Webhook URL")).toHaveValue(receiver.url());
    await expect(page.getByRole("checkbox", { name: /^SEPA Direct Debit/ })).not.toBeChecked();
    await expect(page.getByLabel("Fail first N attempts")).toHaveValue("1");
    await snap(page, testInfo, "webhooks-saved");

    // The profile's URL now receives; chaos failed the first attempt, the retry got through.
    const t = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
    await eventually(async () => receiver.deliveries.length >= 1, { timeout: 30_000 });
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await page.getByLabel("Transaction id").fill(t.id);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(async () => {
      await page.reload();
      const attempts = page.getByTestId("event").last().getByTestId("attempts");
      await expect(attempts.getByRole("row").first()).toContainText("failed on purpose (not sent)", { timeout: 500 });
      await expect(attempts.getByRole("row").nth(1)).toContainText("HTTP 200", { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await snap(page, testInfo, "events-chaos");

    expect(await auditActions(page)).toContain("payment_profile.update");
    await expect(page.getByTestId("audit")).toContainText(api.merchant.payment_profile);
  } finally {
    await receiver.close();
  }
});

test("signing secret: hidden until Reveal, Rotate asks first, the old secret still signs during the overlap", async ({
  page,
  own: api,
}, testInfo) => {
  const receiver = await Receiver.start("ok");
  try {
    const old = api.merchant.webhook_secret;
    await signedIn(page, api.merchant.organisation);
    await openWebhooks(page);
    const secret = page.getByTestId("signing-secret");
    await expect(secret).toHaveValue(/^whsec_.{4}…•+$/);
    expect(await page.content()).not.toContain(old);
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(secret).toHaveValue(old);
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(secret).not.toHaveValue(old);

    const rotate = page.getByTestId("rotate-form");
    // Not hours, or too many: named in hours, next to the field.
    await rotate.getByLabel("Old secret keeps signing for (hours)").fill("lots");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await rotate.getByRole("button", { name: "Yes, rotate secret" }).click();
    await expect(rotate.getByTestId("field-error")).toHaveText("Expected a number of hours, e.g. 24 or 1.5");
    await rotate.getByLabel("Old secret keeps signing for (hours)").fill("200");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await rotate.getByRole("button", { name: "Yes, rotate secret" }).click();
    await expect(rotate.getByTestId("field-error")).toHaveText("At most 168 hours (7 days)");
    // "Keep it" changes nothing.
    await rotate.getByLabel("Old secret keeps signing for (hours)").fill("2");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await expect(rotate.getByRole("alertdialog")).toContainText("Rotate the signing secret?");
    await snap(page, testInfo, "rotate-confirm");
    await rotate.getByRole("button", { name: "Keep it" }).click();
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(secret).toHaveValue(old);

    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await rotate.getByRole("button", { name: "Yes, rotate secret" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rotated" })).toContainText(
      "The old one keeps signing too until",
    );
    await expect(page.getByTestId("overlap")).toContainText("The previous secret still signs every delivery too");
    // Rotating again during the overlap says that the secret still signing stops at once.
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await expect(rotate.getByRole("alertdialog")).toContainText(
      "Rotate again? The previous secret, which still signs until",
    );
    await rotate.getByRole("button", { name: "Keep it" }).click();
    const profile = (await api.get(`/v1/payment-profile/${api.merchant.payment_profile}`)).body;
    const until = Date.parse(profile.previous_secret_expires_at);
    expect(Math.abs(until - (Date.now() + 2 * 3600_000))).toBeLessThan(120_000);
    // The panel hides again; Reveal shows the new secret.
    await expect(secret).not.toHaveValue(old);
    await page.getByRole("button", { name: "Reveal" }).click();
    // (the hidden form starts with whsec_ too: wait for the whole secret)
    await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9+/=]+$/);
    const fresh = await secret.inputValue();
    expect(fresh).not.toBe(old);
    await snap(page, testInfo, "rotated");

    // A real delivery now carries two signatures: both secrets verify it.
    await start(
      api,
      "dummy",
      { dummy_outcome: "SETTLEMENT_COMPLETED" },
      { webhook_transaction_update: receiver.url() },
    );
    const [d] = await receiver.waitForCount(1, 30_000);
    expect(d.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(old).verify(d.body, d.headers)).not.toThrow();
    expect(() => new Webhook(fresh).verify(d.body, d.headers)).not.toThrow();
    await expectAccessible(page, testInfo, "webhooks-rotated");

    const actions = await auditActions(page);
    expect(actions.slice(0, 2)).toEqual(["webhook_secret.reveal", "webhook_secret.rotate"]);
    expect(actions.filter((a) => a === "webhook_secret.rotate")).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

test("Check my handler: progress while it runs, the graded report for a naive and a correct handler", async ({
  page,
  own: api,
}, testInfo) => {
  const naive = await Receiver.start("slow");
  naive.delayMs = 400;
  const good = await verifyingReceiver(api.merchant.webhook_secret);
  try {
    const patched = await api.raw(
      "PATCH",
      `/v1/payment-profile/${api.merchant.payment_profile}`,
      JSON.stringify({ webhook_transaction_update: naive.url() }),
      { "content-type": "application/json" },
    );
    expect(patched.status).toBe(200);
    await signedIn(page, api.merchant.organisation);
    await openWebhooks(page);
    const form = page.getByTestId("check-form");
    await form.getByLabel("URL to check (optional)").fill("not a url");
    await form.getByRole("button", { name: "Check my handler" }).click();
    await expect(form.getByTestId("field-error")).toHaveText("Expected an absolute http(s) URL");

    // Empty: the profile's URL (a naive handler answering 200 to everything).
    await form.getByLabel("URL to check (optional)").fill("");
    await form.getByRole("button", { name: "Check my handler" }).click();
    await expect(form.getByRole("button", { name: "Checking…" })).toBeDisabled();
    // Only aria-disabled while it runs: the focus stays on the button.
    await expect(form.getByRole("button", { name: "Checking…" })).toBeFocused();
    await expect(form.getByRole("progressbar", { name: "Checking the handler" })).toBeVisible();
    await snap(page, testInfo, "check-running");
    await expect(form.getByRole("status")).toHaveText("4 of 6 checks passed.", { timeout: 60_000 });
    const report = form.getByTestId("check-report");
    await expect(report).toContainText(`Checked ${naive.url()}`);
    expect(naive.deliveries.length).toBe(7);
    const row = (name: string) => report.getByTestId("check").filter({ hasText: name });
    for (const name of ["valid_event", "duplicate_webhook_id", "unknown_event_type", "older_status_after_newer"]) {
      await expect(row(name).getByTestId("check-result")).toHaveText("✓ pass");
    }
    await expect(row("bad_signature").getByTestId("check-result")).toHaveText("✗ fail");
    await expect(row("bad_signature")).toContainText("expected 4xx, got 200");
    await expect(row("bad_signature")).toContainText("Verify webhook-signature over the raw body");
    await expect(row("stale_timestamp").getByTestId("check-result")).toHaveText("✗ fail");
    await expect(row("stale_timestamp")).toContainText("Refuse a webhook-timestamp");
    await snap(page, testInfo, "check-naive");
    await expectAccessible(page, testInfo, "webhooks-check");

    // A typed URL: a handler that verifies signatures passes all six.
    await form.getByLabel("URL to check (optional)").fill(good.url);
    await form.getByRole("button", { name: "Check my handler" }).click();
    await expect(form.getByRole("status")).toHaveText("6 of 6 checks passed.", { timeout: 60_000 });
    await expect(report.getByTestId("check-result").filter({ hasText: "✓ pass" })).toHaveCount(6);
    await snap(page, testInfo, "check-good");

    // A URL that answers 404 to everything "refuses" the bad signature and the stale timestamp
    // too: that shows nothing about signature checks, so neither is a pass.
    const missing = await Receiver.start(404);
    try {
      await form.getByLabel("URL to check (optional)").fill(missing.url());
      await form.getByRole("button", { name: "Check my handler" }).click();
      await expect(report).toContainText(`Checked ${missing.url()}`, { timeout: 60_000 });
      await expect(report.getByTestId("check-got")).toHaveText(Array(6).fill("404"));
      await expect(form.getByRole("status")).toHaveText("0 of 6 checks passed.");
      await expect(report.getByTestId("check-result").filter({ hasText: "✓ pass" })).toHaveCount(0);
      for (const name of ["bad_signature", "stale_timestamp"]) {
        await expect(row(name).getByTestId("check-result")).toHaveText("✗ fail");
        await expect(row(name)).toContainText("Inconclusive: the correctly signed event was refused too");
      }
      await snap(page, testInfo, "check-404");
      await expectAccessible(page, testInfo, "webhooks-check-404");
    } finally {
      await missing.close();
    }

    const actions = await auditActions(page);
    expect(actions.slice(0, 3)).toEqual(["webhook.check", "webhook.check", "webhook.check"]);
  } finally {
    await naive.close();
    await good.close();
  }
});

test("event log: filters, keyset pages, every attempt, Resend", async ({ page, own: api }, testInfo) => {
  const receiver = await Receiver.start("ok");
  try {
    const hooked = { webhook_transaction_update: receiver.url() };
    const ids: string[] = [];
    const count = async () => ((await api.get("/v1/events?limit=100")).body.data as unknown[]).length;
    // More than a page of 10 events (a dummy payment makes one or more).
    while (ids.length < 4 || (ids.length < 12 && (await count()) < 11))
      ids.push((await start(api, "dummy", { dummy_outcome: "AUTHORIZED" }, hooked)).id);
    // The merchant's profile has no URL: this one's events are recorded as skipped.
    const quiet = await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
    const all = await eventually(
      async () => {
        const res = await api.get("/v1/events?limit=100");
        const rows = res.body.data as { id: string; status: string; transaction: string }[];
        return rows.length > ids.length && rows.every((e) => e.status !== "pending") && rows;
      },
      { timeout: 30_000 },
    );
    expect(all.length).toBeGreaterThan(10);

    await signedIn(page, api.merchant.organisation);
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
    const shown = () => page.getByTestId("event-id").allTextContents();
    // Keyset pages of 10, newest first, as the API orders them.
    const first = await shown();
    expect(first).toEqual(all.slice(0, 10).map((e) => e.id));
    await page.getByRole("link", { name: "Older events →" }).click();
    await expect(page.getByRole("link", { name: "← Newest" })).toBeVisible();
    const second = await shown();
    expect(second).toEqual(all.slice(10, 20).map((e) => e.id));
    await snap(page, testInfo, "events-page-2");
    await page.getByRole("link", { name: "← Newest" }).click();
    await expect.poll(shown).toEqual(first);

    // Filters: delivery status, transaction, type, created range; a bad id named next to its field.
    await page.getByLabel("Delivery").selectOption("skipped");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/delivery_status=skipped/);
    const skipped = all.filter((e) => e.status === "skipped");
    expect(skipped.length).toBeGreaterThan(0);
    await expect(page.getByTestId("event")).toHaveCount(skipped.length);
    for (const e of await page.getByTestId("event").all()) await expect(e).toContainText(quiet.id);
    await page.getByLabel("Delivery").selectOption("");
    await page.getByLabel("Transaction id").fill(ids[0]);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("event")).toHaveCount(all.filter((e) => e.transaction === ids[0]).length);
    await page.getByLabel("Type").selectOption("refund");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("events")).toContainText("No events match.");
    await page.goto("/dashboard/developers/events?transaction=nope");
    await expect(page.getByLabel("Transaction id")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("field-error")).toBeVisible();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/dashboard/developers/events?from=${tomorrow}`);
    await expect(page.getByTestId("events")).toContainText("No events match.");
    await page.goto(`/dashboard/developers/events?from=${today}&to=${today}&transaction=${ids[1]}`);
    await expect(page.getByTestId("event")).toHaveCount(all.filter((e) => e.transaction === ids[1]).length);

    // Resend adds an attempt (trigger "resend") and reaches the receiver again.
    await resendFirstEvent(page, "event", receiver);
    await snap(page, testInfo, "events-resent");
    await expectAccessible(page, testInfo, "events");
    expect((await auditActions(page))[0]).toBe("webhook_event.resend");
  } finally {
    await receiver.close();
  }
});

test("another organisation's user never sees nor changes this one's profile or events", async ({
  page,
  own: api,
  browser,
}, testInfo) => {
  const receiver = await Receiver.start("ok");
  try {
    const profileUrl = `/v1/payment-profile/${api.merchant.payment_profile}`;
    const victimTx = await start(
      api,
      "dummy",
      { dummy_outcome: "SETTLEMENT_COMPLETED" },
      { webhook_transaction_update: receiver.url() },
    );
    const events = await eventually(async () => {
      const rows = (await api.get(`/v1/events?transaction=${victimTx.id}`)).body.data as { id: string }[];
      return rows.length > 0 && rows;
    });
    const before = (await api.get(profileUrl)).body;
    const intruder = createMerchant("Webhooks intruder");
    await signedIn(page, intruder.organisation);

    await page.goto("/dashboard/developers/webhooks");
    await expect(page.getByTestId("payment-profile")).toHaveCount(1);
    expect(await page.content()).not.toContain(api.merchant.payment_profile);
    await page.goto("/dashboard/developers/events");
    await expect(page.getByTestId("events")).toContainText("No events match.");
    await page.goto(`/dashboard/developers/events?transaction=${victimTx.id}`);
    await expect(page.getByTestId("events")).toContainText("No events match.");

    // Forged forms: the intruder's own page with this organisation's profile id in the hidden field.
    await page.goto("/dashboard/developers/webhooks");
    const forge = async (scope: ReturnType<Page["getByTestId"]>, name: string, value: string) =>
      scope.locator(`input[name="${name}"]`).evaluate((el, v) => {
        (el as HTMLInputElement).value = v;
      }, value);
    const victim = api.merchant.payment_profile;
    const notFound = `No payment_profile with id "${victim}"`;

    const form = page.getByTestId("profile-form");
    await form.getByLabel("Webhook URL").fill("https://intruder.example/steal");
    await forge(form, "id", victim);
    await form.getByRole("button", { name: "Save webhook settings" }).click();
    await expect(form.getByRole("alert")).toContainText(notFound);

    const reveal = page.getByTestId("secret-form");
    await forge(reveal, "id", victim);
    await reveal.getByRole("button", { name: "Reveal" }).click();
    await expect(reveal.getByRole("alert")).toContainText(notFound);
    expect(await page.content()).not.toContain(api.merchant.webhook_secret);

    const rotate = page.getByTestId("rotate-form");
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await forge(rotate, "id", victim);
    await rotate.getByRole("button", { name: "Yes, rotate secret" }).click();
    await expect(rotate.getByRole("alert")).toContainText(notFound);

    const check = page.getByTestId("check-form");
    await check.getByLabel("URL to check (optional)").fill(receiver.url());
    await forge(check, "id", victim);
    const delivered = receiver.deliveries.length;
    await check.getByRole("button", { name: "Check my handler" }).click();
    await expect(check.getByRole("alert")).toContainText(notFound);
    expect(receiver.deliveries.length).toBe(delivered);

    // Resend of this organisation's event from the intruder's event list (forged from its own).
    const own = await start(
      new (await import("../fixtures")).Api(page.request, intruder),
      "dummy",
      { dummy_outcome: "SETTLEMENT_COMPLETED" },
      { webhook_transaction_update: receiver.url() },
    );
    await page.goto(`/dashboard/developers/events?transaction=${own.id}`);
    const resend = page.getByTestId("event").first();
    await forge(resend, "event", events[0].id);
    await resend.getByRole("button", { name: "Resend" }).click();
    await expect(resend.getByRole("alert")).toContainText(`No webhook_event with id "${events[0].id}"`);
    await snap(page, testInfo, "webhooks-isolation");

    // Nothing changed for the victim.
    const after = (await api.get(profileUrl)).body;
    expect(after).toEqual(before);
    const victimEvent = (await api.get(`/v1/events?transaction=${victimTx.id}`)).body.data[0];
    expect(victimEvent.attempts.every((a: { trigger: string }) => a.trigger !== "resend")).toBe(true);
  } finally {
    await receiver.close();
  }
});

test("webhooks and events at 390 px: no overflow, keyboard usable, no serious axe violation", async ({
  page,
  own: api,
}, testInfo) => {
  await start(api, "dummy", { dummy_outcome: "SETTLEMENT_COMPLETED" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, api.merchant.organisation);
  for (const [name, path] of [
    ["webhooks", "/dashboard/developers/webhooks"],
    ["events", "/dashboard/developers/events"],
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
    await snap(page, testInfo, `${name}-390`);
    await expectAccessible(page, testInfo, `${name}-390`);
  }
  // Keyboard only: Enter on Rotate opens the question with the focus on "Yes"; Reveal by Enter.
  await page.goto("/dashboard/developers/webhooks");
  await page.getByRole("button", { name: "Reveal" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("signing-secret")).toHaveValue(api.merchant.webhook_secret);
  await page.getByRole("button", { name: "Rotate secret" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Yes, rotate secret" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Rotate secret" })).toBeVisible();
  // Tab from the URL field reaches the first product checkbox; Space toggles it.
  await page.getByLabel("Webhook URL").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /^Card/ })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: /^Card/ })).not.toBeChecked();
  await snap(page, testInfo, "webhooks-keyboard-390");
});

test("the SSRF rule of the API, next to the field (server with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false)", async ({
  browser,
}, testInfo) => {
  const merchant = createMerchant("Webhooks SSRF", undefined, STRICT.env);
  const email = `ssrf-${Math.random().toString(36).slice(2)}@example.com`;
  execFileSync(
    "node_modules/.bin/tsx",
    [
      "scripts/merchant.ts",
      "user",
      "--organisation",
      merchant.organisation,
      "--email",
      email,
      "--password",
      "correct horse battery",
    ],
    { encoding: "utf8", env: { ...process.env, ...STRICT.env } },
  );
  const context = await browser.newContext({ baseURL: STRICT.url });
  const page = await context.newPage();
  try {
    await signIn(page, email, "correct horse battery");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await page.goto("/dashboard/developers/webhooks");
    const form = page.getByTestId("profile-form");
    await form.getByLabel("Webhook URL").fill("http://169.254.169.254/latest/meta-data");
    await form.getByRole("button", { name: "Save webhook settings" }).click();
    await expect(form.getByTestId("field-error")).toHaveText(
      "Must be a public address, not 169.254.169.254 (link-local, incl. cloud metadata)",
    );
    const check = page.getByTestId("check-form");
    await check.getByLabel("URL to check (optional)").fill("http://127.0.0.1:9/hooks");
    await check.getByRole("button", { name: "Check my handler" }).click();
    await expect(check.getByTestId("field-error")).toHaveText("Must be a public address, not 127.0.0.1 (loopback)");
    await snap(page, testInfo, "webhooks-ssrf");
  } finally {
    await context.close();
  }
});
