import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test, type Api } from "../fixtures";
import { seedCardToken, settled } from "../transactions";
import { openPaymentPage, start, startMerchantStub } from "./helpers";

let stub: Awaited<ReturnType<typeof startMerchantStub>>;
test.beforeAll(async () => {
  stub = await startMerchantStub();
});
test.afterAll(async () => stub.close());

async function fillCard(
  page: Page | ReturnType<Page["frameLocator"]>,
  card: { number: string; expiry?: string; cvc?: string; holder?: string },
) {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Expiry").fill(card.expiry ?? "12/30");
  await page.getByLabel("Security code").fill(card.cvc ?? "123");
  await page.getByLabel("Name on card").fill(card.holder ?? "Ada Lovelace");
}

/** lib/approval/approval.ts's ELSEWHERE_ERROR, as the shopper's browser brings it back. */
const ELSEWHERE_ERROR = "The payment is open in another browser window and can only be completed there.";

const checkout = async (api: Api, id: string) => (await api.get(`/v1/transaction/${id}/checkoutsuccess`)).body;

test.describe("hosted card page, full page", () => {
  test("a successful card payment returns to the merchant and leaves a reusable card_token", async ({ page, api }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    await fillCard(page, { number: "4111111111111111" });
    await expect(page.getByTestId("brand")).toHaveText("Visa");
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("transaction_id")).toBe(t.id);
    expect(await checkout(api, t.id)).toStrictEqual({
      status: "SETTLEMENT_REQUESTED",
      status_reason: "Approved",
      success: true,
    });

    const read = (await api.get(`/v1/transaction/${t.id}`)).body;
    expect(read.details).toMatchObject({
      card_brand: "visa",
      card_last_four: "1111",
      card_holder: "Ada Lovelace",
      card_expiry_month: 12,
      card_expiry_year: 2030,
    });
    expect(read.details.card_token).toMatch(/^ctok_/);
    expect(JSON.stringify(read)).not.toContain("4111111111111111");

    // The token charges server to server with the five token fields; the CVC is never returned.
    const charge = await api.post("/v1/transaction/start", {
      payment_profile: api.merchant.payment_profile,
      amount: 990,
      customer: read.customer,
      payment_product: "card",
      details: {
        card_token: read.details.card_token,
        card_holder: "Ada Lovelace",
        card_cvv: "456",
        card_expiry_month: 12,
        card_expiry_year: 2030,
      },
    });
    expect(charge.status).toBe(201);
    // The start answers INITIATED; the token charge's result follows through the queue (spec 4.2).
    expect(charge.body.status).toBe("INITIATED");
    expect((await settled(api, charge.body)).status).toBe("SETTLEMENT_REQUESTED");
    expect(charge.body.details.approval_url).toBeUndefined();
    expect(charge.body.details).not.toHaveProperty("card_cvv");
    expect(JSON.stringify(charge.body)).not.toContain('"456"');
  });

  const outcomes: [string, Record<string, unknown>, string, string][] = [
    ["4000000000000002", {}, "DECLINED", "Card declined"],
    ["4000000000009995", {}, "DECLINED", "Insufficient funds"],
    ["4000000000000069", {}, "DECLINED", "Expired card"],
    ["4000000000000119", {}, "UNKNOWN", "Processor error: the result could not be determined"],
    ["4100000000000019", {}, "DECLINED", "Blocked by the fraud check"],
    ["4100000000000019", { skip_fraud_check: true }, "SETTLEMENT_REQUESTED", "Approved"],
    ["5555555555554444", { capture_now: false }, "AUTHORIZED", "Approved"],
  ];
  for (const [number, details, status, reason] of outcomes) {
    test(`test card ${number} ${JSON.stringify(details)} → ${status}`, async ({ page, api }) => {
      const t = await start(api, "card", { redirect_url: stub.returnUrl, ...details });
      await page.goto(t.details.approval_url);
      await fillCard(page, { number });
      await page.getByRole("button", { name: "Pay now" }).click();
      await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
      expect(await checkout(api, t.id)).toMatchObject({ status, status_reason: reason });
    });
  }

  test("3-D Secure: the challenge card, and force_3DSecure on any card; pass and fail", async ({ page, api }) => {
    const challenged = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(challenged.details.approval_url);
    await fillCard(page, { number: "4000000000003220" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByText("Sandbox Bank · 3-D Secure")).toBeVisible();
    await expect(page.getByText("ending in 3220")).toBeVisible();
    // Opening the payment again during the challenge (a reload of the shop's page, approval_url)
    // comes back to the challenge, not to an empty card form.
    await page.goto(challenged.details.approval_url);
    await expect(page.getByText("ending in 3220")).toBeVisible();
    await page.getByRole("button", { name: "Authenticate" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(await checkout(api, challenged.id)).toMatchObject({
      status: "SETTLEMENT_REQUESTED",
      status_reason: "Approved after 3-D Secure",
    });

    const forced = await start(api, "card", { redirect_url: stub.returnUrl, force_3DSecure: true });
    await page.goto(forced.details.approval_url);
    await fillCard(page, { number: "4242424242424242" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(await checkout(api, forced.id)).toMatchObject({
      status: "DECLINED",
      status_reason: "3-D Secure authentication failed",
    });
  });

  test("field errors show on the page: invalid number, past expiry, 3-digit code for a 4-digit brand", async ({
    page,
    api,
  }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    await fillCard(page, { number: "4111 1111 1111 1112", expiry: "01/20", cvc: "12", holder: "" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByTestId("error-number")).toHaveText("This card number is not valid");
    await expect(page.getByTestId("error-expiry")).toHaveText("This card has expired");
    await expect(page.getByTestId("error-cvc")).toHaveText("Enter the 3-digit security code");
    await expect(page.getByTestId("error-holder")).toHaveText("Enter the name on the card");
    // For keyboard and screen-reader users: the first invalid field has the focus, its name is
    // only its label, and its message is its description.
    const number = page.getByRole("textbox", { name: "Card number", exact: true });
    await expect(number).toBeFocused();
    await expect(number).toHaveAccessibleDescription("This card number is not valid");
    await expect(page.getByLabel("Name on card")).toHaveAccessibleDescription("Enter the name on the card");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await fillCard(page, { number: "3782 822463 10005", cvc: "123" });
    await expect(page.getByTestId("brand")).toHaveText("American Express");
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByTestId("error-cvc")).toHaveText("Enter the 4-digit security code");
    expect((await api.get(`/v1/transaction/${t.id}`)).body.status).toBe("IN_PROGRESS");
  });

  test("the server checks the card too (a post that skips the page's script)", async ({ api }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    const s = await openPaymentPage(api, t.id);
    const res = await api.requestContext.post(`/pay/${t.id}/card/submit`, {
      form: { s, card_number: "4111111111111112", expiry_month: "01", expiry_year: "2020", cvc: "1", holder: "x" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe(`/pay/${t.id}/card?invalid=number,expiry,cvc&s=${encodeURIComponent(s)}`);
    expect((await api.get(`/v1/transaction/${t.id}`)).body.status).toBe("IN_PROGRESS");
    const other = await api.requestContext.post(`/pay/${t.id}/card/submit`, {
      form: { s, transaction_id: "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01" },
      maxRedirects: 0,
    });
    // A tampered form changes nothing and still takes the shopper back to the merchant, with error.
    expect(other.status()).toBe(303);
    expect(new URL(other.headers().location).searchParams.get("error")).toBe(
      "The payment page sent a choice it does not offer; nothing was changed.",
    );
    expect((await api.get(`/v1/transaction/${t.id}`)).body.status).toBe("IN_PROGRESS");
  });

  test("without JavaScript the form posts the expiry as typed, and it is read", async ({ api }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    const s = await openPaymentPage(api, t.id);
    // What a browser without JavaScript sends: the visible fields only.
    const form = {
      s,
      transaction_id: t.id,
      card_number: "4111 1111 1111 1111",
      expiry: "12 / 30",
      cvc: "123",
      holder: "Ada",
    };
    const res = await api.requestContext.post(`/pay/${t.id}/card/submit`, { form, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    const back = new URL(res.headers().location);
    expect([back.searchParams.get("transaction_id"), back.searchParams.get("error")]).toEqual([t.id, null]);
    const paid = (await api.get(`/v1/transaction/${t.id}`)).body;
    expect([paid.status, paid.details.card_expiry_month, paid.details.card_expiry_year]).toEqual([
      "SETTLEMENT_REQUESTED",
      12,
      2030,
    ]);
  });

  test("one authorisation per payment: concurrent submits reach the acquirer once", async ({ api }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    const s = await openPaymentPage(api, t.id);
    const form = {
      s,
      card_number: "4111111111111111",
      expiry_month: "12",
      expiry_year: "30",
      cvc: "123",
      holder: "Ada",
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.requestContext.post(`/pay/${t.id}/card/submit`, { form, maxRedirects: 0 })),
    );
    expect(answers.every((a) => a.status() === 303)).toBe(true);
    const errors = answers.map((a) => new URL(a.headers().location).searchParams.get("error"));
    expect(errors.filter((e) => e === null)).toHaveLength(1);
    const history = (await api.get(`/v1/transaction/${t.id}/history`)).body.data as { actor: string }[];
    expect(history.filter((h) => h.actor === "shopper")).toHaveLength(2); // IN_PROGRESS, then the one result
    // Every call of the sandbox acquirer on the card page is logged once ("card submitted").
    const acquirerCalls = readdirSync("test-results")
      .filter((f) => /^server-\d+\.log$/.test(f))
      .flatMap((f) => readFileSync(`test-results/${f}`, "utf8").split("\n"))
      .filter((line) => line.includes("card submitted") && line.includes(t.id));
    expect(acquirerCalls).toHaveLength(1);
  });

  test("force_3DSecure on a token charge: the shopper authenticates at approval_url", async ({ page, api }) => {
    const card = await seedCardToken(api.merchant.organisation, { number: "5555555555554444" });
    const token = {
      card_holder: card.holder,
      card_token: card.token,
      card_cvv: "123",
      card_expiry_month: card.month,
      card_expiry_year: card.year,
      force_3DSecure: true,
    };
    const passed = await start(api, "card", { ...token, redirect_url: stub.returnUrl });
    expect(passed.status).toBe("INITIATED");
    expect(passed.details.approval_url).toContain(`/v1/transaction/${passed.id}/authorize`);
    await page.goto(passed.details.approval_url);
    await expect(page.getByText("Sandbox Bank · 3-D Secure")).toBeVisible();
    await expect(page.getByText("Mastercard ending in")).toBeVisible();
    await page.getByRole("button", { name: "Authenticate" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(await checkout(api, passed.id)).toMatchObject({ status: "SETTLEMENT_REQUESTED", success: true });

    const failed = await start(api, "card", { ...token, redirect_url: stub.returnUrl });
    await page.goto(failed.details.approval_url);
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(await checkout(api, failed.id)).toMatchObject({ status: "DECLINED", success: false });

    // Without a place to send the shopper back, a forced challenge cannot be offered.
    await expect(start(api, "card", token)).rejects.toThrow(/start card failed: 400 .*details\.redirect_url/);
  });

  test("cancel ends the payment as CANCELLED", async ({ page, api }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(await checkout(api, t.id)).toMatchObject({ status: "CANCELLED" });
  });

  test("once Pay now is pressed the form waits: Cancel pressed meanwhile sends nothing, and the focus stays", async ({
    page,
    api,
  }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    await fillCard(page, { number: "4111111111111111" });
    // A slow network: the post is held for 2 s before it leaves the browser.
    const posts: string[] = [];
    await page.route("**/card/submit", async (route) => {
      posts.push(route.request().postData() ?? "");
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    // Read in the page while its post is on the way, and reported by console: a locator or an
    // evaluate would wait for the navigation.
    await page.evaluate(() =>
      window.addEventListener(
        "submit",
        () =>
          setTimeout(() => {
            const form = document.querySelector("form")!;
            const [pay, cancel] = [...form.querySelectorAll("button")];
            const state = {
              busy: form.getAttribute("aria-busy"),
              payDisabled: pay.getAttribute("aria-disabled"),
              cancelDisabled: cancel.getAttribute("aria-disabled"),
              focused: document.activeElement?.textContent,
              status: form.querySelector("[role=status]")?.textContent,
              numberReadOnly: (document.getElementById("card-number") as HTMLInputElement).readOnly,
            };
            // Pressed while the first post is on its way: nothing more is sent.
            cancel.click();
            pay.click();
            console.log(`state ${JSON.stringify(state)}`);
          }, 300),
        { once: true },
      ),
    );
    const reported = page.waitForEvent("console", (m) => m.text().startsWith("state "));
    await page.getByRole("button", { name: "Pay now" }).focus();
    await page.keyboard.press("Enter");
    const during = JSON.parse((await reported).text().slice("state ".length));
    expect(during).toStrictEqual({
      busy: "true",
      payDisabled: "true",
      cancelDisabled: "true",
      focused: "Pay now",
      status: "Processing, please wait…",
      numberReadOnly: true,
    });
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toContain("outcome=cancel");
    expect(await checkout(api, t.id)).toMatchObject({ status: "SETTLEMENT_REQUESTED", success: true });
  });

  test("a card number the page's checks refuse leaves the form usable (nothing sent, not busy)", async ({
    page,
    api,
  }) => {
    const t = await start(api, "card", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    await fillCard(page, { number: "4111111111111112" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByLabel("Card number")).toBeFocused();
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("form[aria-busy=true]")).toHaveCount(0);
    await fillCard(page, { number: "4111111111111111" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  });
});

/** A merchant's checkout page on its own origin, embedding the card page like docs/cards.md says. */
async function startMerchantSite(payrailOrigin: string) {
  let approvalUrl = "";
  const server = http.createServer((req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (req.url?.startsWith("/evil")) {
      // A frame on another origin that imitates Payrail's message.
      res.end(
        `<script>parent.postMessage({type:"payrail.redirect",url:"https://attacker.example/",redirect_parent_function:"onPaid"},"http://${req.headers.host}")</script>`,
      );
      return;
    }
    res.end(`<!doctype html><title>Merchant checkout</title>
<h1>Checkout</h1><p id="result"></p>
<script src="${payrailOrigin}/js/payrail.js"></script>
<script>window.onPaid = function (url) { document.getElementById("result").textContent = url; };</script>
${req.url?.includes("evil=1") ? `<iframe id="evil" src="/evil"></iframe>` : ""}
<iframe id="pay" title="Card payment" src="${approvalUrl}" style="width:420px;height:620px;border:0"></iframe>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    setApprovalUrl: (u: string) => (approvalUrl = u),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A card payment with `origin` (the site's own unless given) and `onPaid` as the parent's function,
 * embedded by the merchant site's checkout page.
 */
async function framedCardPayment(api: Api, site: MerchantSite, origin = site.origin) {
  const t = await start(api, "card", { redirect_url: stub.returnUrl, origin, redirect_parent_function: "onPaid" });
  site.setApprovalUrl(t.details.approval_url);
  return t;
}

type MerchantSite = Awaited<ReturnType<typeof startMerchantSite>>;

/** Runs `fn` with the merchant site up, and closes the site whatever happens. */
async function withMerchantSite(baseURL: string | undefined, fn: (site: MerchantSite) => Promise<void>) {
  const site = await startMerchantSite(baseURL!);
  try {
    await fn(site);
  } finally {
    await site.close();
  }
}

test.describe("hosted card iFrame with origin", () => {
  test("pays inside the frame, 3-D Secure included, and calls the parent's function with the return URL", async ({
    page,
    api,
    baseURL,
  }) =>
    withMerchantSite(baseURL, async (site) => {
      const t = await framedCardPayment(api, site);
      await page.goto(`${site.origin}/checkout`);
      const frame = page.frameLocator("#pay");
      await fillCard(frame, { number: "4000000000003220" });
      await frame.getByRole("button", { name: "Pay now" }).click();
      // The new step takes the focus at its heading (its load in a frame is not announced).
      await expect(frame.getByRole("heading", { name: "Sandbox Bank · 3-D Secure" })).toBeFocused();
      await frame.getByRole("button", { name: "Authenticate" }).click();
      await expect(page.locator("#result")).toHaveText(`${stub.returnUrl}&transaction_id=${t.id}`);
      expect(new URL(page.url()).origin).toBe(site.origin); // the parent decided what to do
      expect(await checkout(api, t.id)).toMatchObject({ status: "SETTLEMENT_REQUESTED", success: true });
    }));

  test("a reloaded checkout finds its payment again in the frame; another browser's frame hands the parent an error", async ({
    page,
    api,
    baseURL,
    browser,
  }) =>
    withMerchantSite(baseURL, async (site) => {
      const t = await framedCardPayment(api, site);
      await page.goto(`${site.origin}/checkout`);
      await expect(page.frameLocator("#pay").getByRole("button", { name: "Pay now" })).toBeVisible();
      // The merchant's page reloaded with the same transaction: the frame's cookie is a third-party
      // one (SameSite=None; Secure; Partitioned), so the same browser gets its card form again.
      await page.reload();
      await expect(page.frameLocator("#pay").getByRole("button", { name: "Pay now" })).toBeVisible();
      await expect(page.locator("#result")).toHaveText("");
      // Another browser: its frame does not show the merchant's page; the parent's function gets
      // the return URL with the error (spec 4.5.3), and nothing changes.
      const other = await browser.newContext();
      try {
        const elsewhere = await other.newPage();
        await elsewhere.goto(`${site.origin}/checkout`);
        await expect(elsewhere.locator("#result")).toHaveText(
          `${stub.returnUrl}&transaction_id=${t.id}&error=${encodeURIComponent(ELSEWHERE_ERROR)}`,
        );
        expect(new URL(elsewhere.url()).origin).toBe(site.origin);
        // This parent's function does not navigate away: the frame shrinks to the short last step.
        await expect
          .poll(() => elsewhere.locator("#pay").evaluate((el) => el.getBoundingClientRect().height))
          .toBeLessThan(400);
      } finally {
        await other.close();
      }
      expect(await checkout(api, t.id)).toMatchObject({ status: "IN_PROGRESS" });
      // The first browser still pays.
      await fillCard(page.frameLocator("#pay"), { number: "4242424242424242" });
      await page.frameLocator("#pay").getByRole("button", { name: "Pay now" }).click();
      await expect(page.locator("#result")).toHaveText(`${stub.returnUrl}&transaction_id=${t.id}`);
    }));

  test("frame-ancestors: the transaction's origin only; 'none' without origin", async ({ api }) => {
    const framed = await start(api, "card", { redirect_url: stub.returnUrl, origin: "https://shop.example" });
    const opened = await api.requestContext.get(framed.details.approval_url);
    expect(opened.headers()["content-security-policy"]).toBe("frame-ancestors https://shop.example");
    const plain = await start(api, "card", { redirect_url: stub.returnUrl });
    const full = await api.requestContext.get(plain.details.approval_url);
    expect(full.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
    // A forged ?o= on a transaction with another origin gets the header but no card form.
    const forged = await api.requestContext.get(
      `/pay/${framed.id}/card?o=${encodeURIComponent("https://evil.example")}`,
    );
    expect(forged.headers()["content-security-policy"]).toBe("frame-ancestors https://evil.example");
    expect(await forged.text()).toContain("This payment page cannot be shown here.");
  });

  test("another origin cannot frame the card page, and payrail.js ignores messages not from Payrail", async ({
    page,
    api,
    baseURL,
  }) =>
    withMerchantSite(baseURL, async (site) => {
      const t = await framedCardPayment(api, site, "https://shop.example");
      const opened = page.waitForResponse((r) => r.url().endsWith(`/v1/transaction/${t.id}/authorize`));
      await page.goto(`${site.origin}/checkout?evil=1`);
      expect((await opened).status()).toBe(403);
      await page.waitForTimeout(1500);
      const payFrame = page.frames().find((f) => f.url().includes("/pay/"));
      // Blocked by frame-ancestors: no card form was rendered in this page.
      expect(payFrame ? await payFrame.locator("input[name=card_number]").count() : 0).toBe(0);
      // Nor did the payment start in that frame: the shop's own checkout can still take it.
      expect(await checkout(api, t.id)).toMatchObject({ status: "INITIATED" });
      await expect(page.locator("#result")).toHaveText("");
      await page.evaluate(() =>
        window.postMessage(
          { type: "payrail.redirect", url: "https://attacker.example/", redirect_parent_function: "onPaid" },
          window.location.origin,
        ),
      );
      await page.waitForTimeout(300);
      await expect(page.locator("#result")).toHaveText("");
      expect(new URL(page.url()).origin).toBe(site.origin);
    }));

  test("approval_url opened in a frame that may not show it changes nothing; opened in the window, it pays", async ({
    page,
    api,
    baseURL,
  }) =>
    withMerchantSite(baseURL, async (site) => {
      // A card payment without `origin` may not be framed at all (frame-ancestors 'none').
      const t = await start(api, "card", { redirect_url: stub.returnUrl });
      site.setApprovalUrl(t.details.approval_url);
      const opened = page.waitForResponse((r) => r.url().endsWith(`/v1/transaction/${t.id}/authorize`));
      await page.goto(`${site.origin}/checkout`);
      expect((await opened).status()).toBe(403);
      // The frame says why, instead of the browser's "refused to connect".
      await expect(page.frameLocator("#pay").getByText("cannot be shown inside a frame")).toBeVisible();
      expect(await checkout(api, t.id)).toMatchObject({ status: "INITIATED" });
      // The shopper is sent to approval_url instead: the payment is not bound to the blocked frame.
      await page.goto(t.details.approval_url);
      await fillCard(page, { number: "4242424242424242" });
      await page.getByRole("button", { name: "Pay now" }).click();
      await expect(page).toHaveURL(new RegExp(`transaction_id=${t.id}$`));
      expect(await checkout(api, t.id)).toMatchObject({ success: true });
    }));

  test("a card page started with another origin than the framing page's: the frame names both, nothing changes", async ({
    page,
    api,
    baseURL,
  }) =>
    withMerchantSite(baseURL, async (site) => {
      // The common slip: the checkout runs on 127.0.0.1, the payment was started for localhost.
      const meant = site.origin.replace("127.0.0.1", "localhost");
      const t = await framedCardPayment(api, site, meant);
      await page.goto(`${site.origin}/checkout`);
      const frame = page.frameLocator("#pay");
      await expect(frame.getByRole("heading", { name: "Payment page blocked in this frame" })).toBeVisible();
      await expect(frame.getByText(`may only be embedded by ${meant}`)).toBeVisible();
      await expect(frame.getByText(`inside this page (${site.origin})`)).toBeVisible();
      expect(await checkout(api, t.id)).toMatchObject({ status: "INITIATED" });
      // Every other page of the service still refuses to be framed by another site.
      const home = await api.requestContext.get("/");
      expect(home.headers()["content-security-policy"]).toBe("frame-ancestors 'self'");
      const direct = await api.requestContext.get(t.details.approval_url, { maxRedirects: 0 });
      expect(direct.headers()["content-security-policy"]).toBe("frame-ancestors 'self'");
      expect(direct.headers()["x-content-type-options"]).toBe("nosniff");
    }));

  test("payrail.js is served as JavaScript", async ({ request }) => {
    const res = await request.get("/js/payrail.js");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/javascript/);
  });
});
