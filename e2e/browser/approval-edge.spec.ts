import { request as playwrightRequest } from "@playwright/test";
import { Api, eventually, expect, FAST_URL, test } from "../fixtures";
import { openPaymentPage, start, startMerchantStub } from "./helpers";

const sessions: Record<string, Promise<string>> = {};

let stub: Awaited<ReturnType<typeof startMerchantStub>>;
test.beforeAll(async () => {
  stub = await startMerchantStub();
});
test.afterAll(async () => stub.close());

/** Posts a hosted page's form, as the browser that opened approval_url, without following the redirect. */
async function postOutcome(api: Api, id: string, form: Record<string, string>) {
  sessions[id] ??= openPaymentPage(api, id);
  const res = await api.requestContext.post(`/pay/${id}/complete`, {
    form: { s: await sessions[id], ...form },
    maxRedirects: 0,
  });
  return { status: res.status(), location: res.headers().location ?? "", text: await res.text() };
}

const statusOf = async (api: Api, id: string) => (await api.get(`/v1/transaction/${id}`)).body.status as string;
const historyOf = async (api: Api, id: string) =>
  (await api.get(`/v1/transaction/${id}/history`)).body.data as { status: string; actor: string }[];

test.describe("tampered form posts", () => {
  const REJECTED = "The payment page sent a choice it does not offer; nothing was changed.";
  const errorOf = (location: string) => new URL(location).searchParams.get("error");

  test("a NUL in a typed field is stored as U+FFFD, not an internal error", async ({ api }) => {
    const t = await start(api, "instant_transfer", { redirect_url: stub.returnUrl });
    const res = await postOutcome(api, t.id, {
      transaction_id: t.id,
      outcome: "approve",
      holder: "Max\u0000Mustermann",
    });
    expect(res.status).toBe(303);
    expect(errorOf(res.location)).toBeNull();
    const read = (await api.get(`/v1/transaction/${t.id}`)).body;
    expect(read.status).toBe("SETTLEMENT_REQUESTED");
    expect(read.details.sender.holder).toBe("Max\uFFFDMustermann");
  });

  test("an unknown outcome changes nothing and goes back to the merchant with error", async ({ api }) => {
    const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    for (const outcome of ["SETTLEMENT_COMPLETED", "steal", "", "approve\u0000"]) {
      const res = await postOutcome(api, t.id, { transaction_id: t.id, outcome });
      expect(res.status).toBe(303);
      expect(errorOf(res.location)).toBe(REJECTED);
      expect(new URL(res.location).searchParams.get("transaction_id")).toBe(t.id);
    }
    const dummy = await start(api, "dummy", { redirect_url: stub.returnUrl });
    for (const outcome of ["INITIATED", "IN_PROGRESS", "approve"])
      expect(errorOf((await postOutcome(api, dummy.id, { outcome })).location)).toBe(REJECTED);
    expect(await statusOf(api, t.id)).toBe("IN_PROGRESS");
    expect(await statusOf(api, dummy.id)).toBe("IN_PROGRESS");
  });

  test("another transaction's id in the form is refused: nothing changes, back with error", async ({ api }) => {
    const a = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    const b = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    const res = await postOutcome(api, a.id, { transaction_id: b.id, outcome: "approve" });
    expect(res.status).toBe(303);
    expect(errorOf(res.location)).toBe(REJECTED);
    expect(await statusOf(api, a.id)).toBe("IN_PROGRESS");
    expect(await statusOf(api, b.id)).toBe("INITIATED");
  });

  test("a finished payment opened again goes back to the merchant with error", async ({ api }) => {
    const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    expect((await postOutcome(api, t.id, { outcome: "approve" })).status).toBe(303);
    const again = await api.requestContext.get(`/v1/transaction/${t.id}/authorize`, { maxRedirects: 0 });
    expect(again.status()).toBe(303);
    expect(errorOf(again.headers().location)).toBe("The payment was already completed.");
  });

  test("the merchant cancels an open payment: its page can no longer pay it", async ({ api }) => {
    const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    await openPaymentPage(api, t.id).then((s) => (sessions[t.id] = Promise.resolve(s)));
    expect(await statusOf(api, t.id)).toBe("IN_PROGRESS");
    const cancelled = await api.post(`/v1/transaction/${t.id}/cancel`);
    expect([cancelled.status, cancelled.body.status, cancelled.body.status_reason]).toStrictEqual([
      200,
      "CANCELLED",
      "Cancelled by the merchant",
    ]);
    const res = await postOutcome(api, t.id, { outcome: "approve" });
    expect(res.status).toBe(303);
    expect(errorOf(res.location)).toBe("The payment was cancelled.");
    expect(await statusOf(api, t.id)).toBe("CANCELLED");
    expect((await historyOf(api, t.id)).map((h) => h.status)).toStrictEqual(["INITIATED", "IN_PROGRESS", "CANCELLED"]);
  });

  test("a correctable error shows on the page only as the service wrote it (signed), never a link's own text", async ({
    api,
  }) => {
    const t = await start(api, "prepaid_voucher", { redirect_url: stub.returnUrl });
    const res = await postOutcome(api, t.id, { outcome: "approve", pin: "12" });
    expect(res.status).toBe(303);
    const own = await api.requestContext.get(res.location);
    expect(await own.text()).toContain("Enter the 16-digit PIN");
    const forged = new URL(res.location, "http://payrail.invalid");
    forged.searchParams.set("error", "Your card is blocked. Call +1-555-0100 now");
    const page = await (await api.requestContext.get(forged.pathname + forged.search)).text();
    expect(page).not.toContain("Call +1-555-0100");
    expect(page).not.toContain("Enter the 16-digit PIN");
    expect(page).toContain("voucher");
  });

  test("missing fields go back to the page with the reason; no body or a wrong type is a 400 page", async ({ api }) => {
    const sepa = await start(api, "sepa", { redirect_url: stub.returnUrl });
    const res = await postOutcome(api, sepa.id, { outcome: "sign" });
    expect(res.status).toBe(303);
    expect(res.location).toContain(`/pay/${sepa.id}?field=`);
    expect(await statusOf(api, sepa.id)).toBe("IN_PROGRESS");
    // Everything but the consent (a form posted past the browser's check): no mandate, no debit.
    const unticked = await postOutcome(api, sepa.id, {
      outcome: "sign",
      iban: "NL91ABNA0417164300",
      holder_name: "Ada Lovelace",
    });
    expect(unticked.location).toContain(`/pay/${sepa.id}?field=consent&`);
    expect(await statusOf(api, sepa.id)).toBe("IN_PROGRESS");
    const raw = await api.requestContext.post(`/pay/${sepa.id}/complete`, {
      data: "{}",
      headers: { "content-type": "application/json" },
      maxRedirects: 0,
    });
    expect(raw.status()).toBe(400);
    const unknown = await postOutcome(api, "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", { outcome: "approve" });
    expect(unknown.status).toBe(404);
  });

  test("a finished transaction redirects with error and is not changed again", async ({ api }) => {
    const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    const first = await postOutcome(api, t.id, { outcome: "decline" });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`${stub.returnUrl}&transaction_id=${t.id}`);
    const second = await postOutcome(api, t.id, { outcome: "approve" });
    expect(second.status).toBe(303);
    const url = new URL(second.location);
    expect(url.searchParams.get("transaction_id")).toBe(t.id);
    expect(url.searchParams.get("error")).toBe("The payment was declined.");
    expect(second.location).toContain("error=The%20payment%20was%20declined.");
    expect(await statusOf(api, t.id)).toBe("DECLINED");
  });
});

test.describe("hosted pages act only for the browser that opened approval_url", () => {
  test("a post without the session token changes nothing and gets a friendly page", async ({ api, baseURL }) => {
    const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
    const session = await openPaymentPage(api, t.id);
    expect(session.length).toBeGreaterThan(20);
    // Someone else, who only knows the id (it travels in redirect URLs and webhooks): another browser.
    const stranger = await playwrightRequest.newContext({ baseURL });
    for (const s of [undefined, "", "x".repeat(32), session.slice(0, -1)]) {
      const res = await stranger.post(`/pay/${t.id}/complete`, {
        form: { outcome: "cancel", ...(s === undefined ? {} : { s }) },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain("Payment open in another window");
    }
    expect(await statusOf(api, t.id)).toBe("IN_PROGRESS");
    // The page itself is not shown without the token either, and another browser cannot take over the link.
    const bare = await stranger.get(`/pay/${t.id}`, { maxRedirects: 0 });
    expect(bare.status()).toBe(307);
    // Another browser opening the link goes back to the merchant with why (spec 4.5.3), no session.
    const taken = await stranger.get(`/v1/transaction/${t.id}/authorize`, { maxRedirects: 0 });
    expect(taken.status()).toBe(303);
    const back = new URL(taken.headers().location ?? "");
    expect(back.searchParams.get("transaction_id")).toBe(t.id);
    expect(back.searchParams.get("error")).toBe(
      "The payment is open in another browser window and can only be completed there.",
    );
    expect(taken.headers()["set-cookie"]).toBeUndefined();
    await stranger.dispose();
    // The shopper's own browser opens the link again and finishes the payment.
    expect(await openPaymentPage(api, t.id)).toBe(session);
    const done = await postOutcome(api, t.id, { outcome: "approve" });
    expect(done.status).toBe(303);
    expect(await statusOf(api, t.id)).toBe("SETTLEMENT_REQUESTED");
  });
});

test("20 parallel outcome submissions for one transaction change it once", async ({ api }) => {
  const t = await start(api, "dummy", { redirect_url: stub.returnUrl });
  const outcomes = ["SETTLEMENT_REQUESTED", "DECLINED", "FAILED", "AUTHORIZED"];
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => postOutcome(api, t.id, { outcome: outcomes[i % 4] })),
  );
  expect(results.every((r) => r.status === 303)).toBe(true);
  const withError = results.filter((r) => new URL(r.location).searchParams.has("error"));
  expect(withError).toHaveLength(19);
  // Opening the page (IN_PROGRESS), then exactly one outcome.
  const shopperChanges = (await historyOf(api, t.id)).filter((h) => h.actor === "shopper");
  expect(shopperChanges.map((h) => h.status)).toEqual(["IN_PROGRESS", expect.any(String)]);
});

test("a dummy page posted twice with the status it already has changes it once: one history row, one event", async ({
  api,
}) => {
  const t = await start(api, "dummy", { redirect_url: stub.returnUrl });
  for (let i = 0; i < 2; i++) {
    const res = await postOutcome(api, t.id, { outcome: "PENDING" });
    expect(res.status).toBe(303);
    expect(new URL(res.location).searchParams.has("error"), res.location).toBe(false);
  }
  expect((await historyOf(api, t.id)).map((h) => h.status)).toEqual(["INITIATED", "IN_PROGRESS", "PENDING"]);
  const events = await api.get(`/v1/transaction/${t.id}/webhooks`);
  expect(events.body.data.map((e: { payload: { status: string } }) => e.payload.status)).toEqual([
    "IN_PROGRESS",
    "PENDING",
  ]);
});

test("a redirect_url written outside ASCII returns the shopper in its ASCII form, the merchant's query intact", async ({
  api,
}) => {
  const t = await start(api, "dummy", { redirect_url: `${stub.origin}/return?x=ä b&q=€#top` });
  const res = await postOutcome(api, t.id, { outcome: "DECLINED" });
  expect(res.status).toBe(303);
  expect(res.location).toMatch(/^[\x21-\x7e]+$/);
  const back = new URL(res.location);
  expect([back.searchParams.get("x"), back.searchParams.get("q"), back.hash]).toEqual(["ä b", "€", "#top"]);
  expect(back.searchParams.get("transaction_id")).toBe(t.id);
  // Opened again once finished: still a redirect (with error), never an error page.
  const again = await api.requestContext.get(`/v1/transaction/${t.id}/authorize`, { maxRedirects: 0 });
  expect(again.status()).toBe(303);
  const second = new URL(again.headers().location ?? "");
  expect([second.searchParams.get("x"), second.searchParams.get("transaction_id")]).toEqual(["ä b", t.id]);
  expect(second.searchParams.get("error")).toBeTruthy();
});

test.describe("timers (fast server)", () => {
  let fast: Api;
  test.beforeEach(async ({ merchant }) => {
    fast = new Api(await playwrightRequest.newContext({ baseURL: FAST_URL }), merchant);
  });

  test("an approval not finished in APPROVAL_TTL_MS becomes ABANDONED; the link then returns with error", async ({
    page,
  }) => {
    const t = await start(fast, "online_wallet", { redirect_url: stub.returnUrl });
    await page.goto(t.details.approval_url);
    // The page's session token: its form carries it (the payment is bound to this browser).
    const session = new URL(page.url()).searchParams.get("s") ?? "";
    expect(session).not.toBe("");
    await eventually(async () => (await statusOf(fast, t.id)) === "ABANDONED", { timeout: 15_000 });
    const history = await historyOf(fast, t.id);
    expect(history.at(-1)).toMatchObject({ status: "ABANDONED", actor: "timer" });
    await page.goto(t.details.approval_url);
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("error")).toBe("The payment session expired.");
    // The stale page's form cannot revive it.
    const late = await postOutcome(fast, t.id, { outcome: "approve", s: session });
    expect(new URL(late.location).searchParams.get("error")).toBe("The payment session expired.");
    expect(await statusOf(fast, t.id)).toBe("ABANDONED");
  });

  test("a PIX QR code that is never paid expires (PENDING → ABANDONED)", async ({ page }) => {
    const t = await start(fast, "instant_payment", {
      redirect_url: stub.returnUrl,
      pix_name: "Loja",
      pix_document_id: "11.222.333/0001-81",
    });
    await page.goto(t.details.approval_url);
    expect(await statusOf(fast, t.id)).toBe("PENDING");
    await eventually(async () => (await statusOf(fast, t.id)) === "ABANDONED", { timeout: 15_000 });
  });

  test("the expiry timer loses to the shopper and changes nothing; settlement follows", async ({ page }) => {
    const t = await start(fast, "bank_initiated", { redirect_url: stub.returnUrl, bank: "b1" });
    await page.goto(t.details.approval_url);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
    await eventually(async () => (await statusOf(fast, t.id)) === "SETTLEMENT_COMPLETED", { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 5_000)); // past APPROVAL_TTL_MS (4 s) from the start
    const history = await historyOf(fast, t.id);
    expect(history.map((h) => h.status)).toEqual([
      "INITIATED",
      "IN_PROGRESS",
      "SETTLEMENT_REQUESTED",
      "SETTLEMENT_COMPLETED",
    ]);
    expect(history.at(-1)?.actor).toBe("timer");
  });

  test("SEPA settles no earlier than its due date in sandbox days", async () => {
    const customer = (
      await fast.post("/v1/customer", { first_name: "Due", last_name: "Date", email_address: "due@example.com" })
    ).body.id;
    const due = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const t = await start(fast, "dummy", { dummy_outcome: "SETTLEMENT_REQUESTED" }, { customer });
    const sepaOpen = await start(fast, "sepa", { redirect_url: stub.returnUrl, sepa_due_date: due }, { customer });
    const signed = await postOutcome(fast, sepaOpen.id, {
      outcome: "sign",
      iban: "NL91ABNA0417164300",
      holder_name: "Due Date",
      consent: "yes",
    });
    expect(signed.status).toBe(303);
    const startedAt = Date.now();
    expect(await statusOf(fast, sepaOpen.id)).toBe("SETTLEMENT_REQUESTED");
    // Four sandbox days of 1.5 s: the plain transaction settles long before the SEPA one.
    await eventually(async () => (await statusOf(fast, t.id)) === "SETTLEMENT_COMPLETED", { timeout: 10_000 });
    expect(await statusOf(fast, sepaOpen.id)).toBe("SETTLEMENT_REQUESTED");
    await eventually(async () => (await statusOf(fast, sepaOpen.id)) === "SETTLEMENT_COMPLETED", { timeout: 20_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4 * 1500 - 500);
  });
});
