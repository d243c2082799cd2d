import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import {
  addToCart,
  checkout,
  demoMerchant,
  expectReturn,
  shot,
  signedHeaders,
  storeApi,
  transactionEvent,
} from "./store-helpers";

// The store's webhook receiver, tested with real signatures: payloads signed here with the
// standardwebhooks library and the store's own secret (and with wrong ones), POSTed over HTTP.

const WRONG_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** A paid order (buy now pay later, server to server): SETTLEMENT_REQUESTED, amount €16.50. */
async function paidOrder(page: Page) {
  await addToCart(page, ["house-espresso"]);
  await checkout(page, { method: "bnpl" });
  const { transactionId, reference } = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");

  return { id: transactionId, reference, amount: 1650 };
}

// A Buffer, so the exact bytes that were signed are sent (Playwright re-encodes non-JSON strings).
const post = (request: APIRequestContext, body: string, headers: Record<string, string>) =>
  request.post("/store/api/webhooks", { data: Buffer.from(body), headers });

async function orderRow(page: Page, reference: string) {
  await page.goto("/store/orders");
  return page.getByTestId(`order-${reference}`);
}

test("a signed update changes the order; the orders page shows it as it arrives", async ({ page, request }) => {
  const order = await paidOrder(page);
  await page.goto("/store/orders");
  const row = page.getByTestId(`order-${order.reference}`);
  await expect(row.getByTestId("order-status")).toHaveText("Paid");
  await expect(row.getByTestId("order-status-detail")).toContainText(
    /SETTLEMENT_REQUESTED · (via webhook|via return page)/,
  ); // the start answers INITIATED; the result follows

  const body = transactionEvent(order, "SETTLEMENT_COMPLETED", new Date(Date.now() + 1000), "Settled by the sandbox");
  const res = await post(request, body, signedHeaders(demoMerchant().webhook_secret, body));
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ received: true, duplicate: false, applied: true });
  // No reload: the page refreshes itself.
  await expect(row.getByTestId("order-status")).toHaveText("Paid · settled");
  await expect(row.getByTestId("order-status-detail")).toContainText("SETTLEMENT_COMPLETED · via webhook");
  await shot(page, "store-orders");
});

test("a bad signature is refused with 401 and changes nothing", async ({ page, request }) => {
  const order = await paidOrder(page);
  const secret = demoMerchant().webhook_secret;
  const later = new Date(Date.now() + 1000);
  const body = transactionEvent(order, "CANCELLED", later);
  const valid = signedHeaders(secret, body);
  const attempts: Record<string, string | Record<string, string>>[] = [
    { why: "another secret", headers: signedHeaders(WRONG_SECRET, body) },
    {
      why: "body changed after signing",
      headers: signedHeaders(secret, transactionEvent(order, "SETTLEMENT_REQUESTED", later)),
    },
    { why: "signature of another message id", headers: { ...valid, "webhook-id": "msg_other" } },
    {
      why: "no signature",
      headers: {
        "content-type": "application/json",
        "webhook-id": "msg_x",
        "webhook-timestamp": valid["webhook-timestamp"],
      },
    },
    { why: "no headers at all", headers: { "content-type": "application/json" } },
    {
      why: "signed 10 minutes ago (replay window is 5)",
      headers: signedHeaders(secret, body, { at: new Date(Date.now() - 10 * 60_000) }),
    },
    {
      why: "a v2 signature",
      headers: { ...valid, "webhook-signature": valid["webhook-signature"].replace("v1,", "v2,") },
    },
  ];
  for (const { why, headers } of attempts) {
    const res = await post(request, body, headers as Record<string, string>);
    expect(res.status(), why as string).toBe(401);
  }
  const row = await orderRow(page, order.reference);
  await expect(row.getByTestId("order-status")).toHaveText("Paid");
  await expect(row.getByTestId("order-status-detail")).toContainText(
    /SETTLEMENT_REQUESTED · (via webhook|via return page)/,
  ); // the start answers INITIATED; the result follows
});

test("a replayed webhook-id is acknowledged and applied once", async ({ page, request }) => {
  const order = await paidOrder(page);
  const secret = demoMerchant().webhook_secret;
  const id = `msg_replay_${Date.now()}`;
  const settled = transactionEvent(order, "SETTLEMENT_COMPLETED", new Date(Date.now() + 1000));
  const first = await post(request, settled, signedHeaders(secret, settled, { id }));
  expect(await first.json()).toMatchObject({ duplicate: false, applied: true });
  const again = await post(request, settled, signedHeaders(secret, settled, { id }));
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ duplicate: true, applied: false });
  // Same id, other (newer) content, correctly signed: still the delivery already processed.
  const cancelled = transactionEvent(order, "CANCELLED", new Date(Date.now() + 5000));
  const sameId = await post(request, cancelled, signedHeaders(secret, cancelled, { id }));
  expect(await sameId.json()).toMatchObject({ duplicate: true, applied: false });
  const row = await orderRow(page, order.reference);
  await expect(row.getByTestId("order-status")).toHaveText("Paid · settled");
});

test("late news never overwrites newer news; unknown transactions and refunds are acknowledged", async ({
  page,
  request,
}) => {
  const order = await paidOrder(page);
  const secret = demoMerchant().webhook_secret;
  const settled = transactionEvent(order, "SETTLEMENT_COMPLETED", new Date(Date.now() + 2000));
  expect(await (await post(request, settled, signedHeaders(secret, settled))).json()).toMatchObject({ applied: true });
  const stale = transactionEvent(order, "IN_PROGRESS", new Date(Date.now() - 60_000));
  expect(await (await post(request, stale, signedHeaders(secret, stale))).json()).toMatchObject({
    duplicate: false,
    applied: false,
  });
  const wrongAmount = transactionEvent({ ...order, amount: 1 }, "CANCELLED", new Date(Date.now() + 9000));
  expect(await (await post(request, wrongAmount, signedHeaders(secret, wrongAmount))).json()).toMatchObject({
    applied: false,
  });
  const unknown = transactionEvent(
    { id: "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", reference: "PC-NOPE00", amount: 100 },
    "DECLINED",
    new Date(),
  );
  const unknownRes = await post(request, unknown, signedHeaders(secret, unknown));
  expect(unknownRes.status()).toBe(200);
  expect(await unknownRes.json()).toMatchObject({ applied: false });
  // A refund body as Payrail sends it (the WebhookPayload schema of /v1/openapi.json).
  const refund = JSON.stringify({
    type: "refund",
    id: "9b1f0e43-4c55-4c1e-9a59-2b7d8f0c1a11",
    transaction: order.id,
    status: "PROCESSED",
    status_reason: "",
    amount: "100",
    merchant_reference: order.reference,
    last_status_update: new Date().toISOString(),
  });
  const refundHeaders = signedHeaders(secret, refund);
  expect(await (await post(request, refund, refundHeaders)).json()).toMatchObject({ applied: true });
  // Redelivered (same webhook-id): acknowledged, counted once.
  expect(await (await post(request, refund, refundHeaders)).json()).toMatchObject({ duplicate: true });
  // Announced (PENDING) only: nothing is refunded yet.
  const pending = refund.replace('"PROCESSED"', '"PENDING"').replace("9b1f0e43", "7c2a1d54");
  expect(await (await post(request, pending, signedHeaders(secret, pending))).json()).toMatchObject({ applied: false });
  const row = await orderRow(page, order.reference);
  await expect(row.getByTestId("order-status")).toHaveText("Paid · settled");
  await expect(row.getByTestId("order-refunded")).toHaveText("€1.00 of €16.50 refunded");
});

test("signed but malformed bodies are a 400, not a 5xx", async ({ request }) => {
  const secret = demoMerchant().webhook_secret;
  for (const body of [
    "not json",
    "[]",
    '{"type":"transaction"}',
    '{"id":"x"}',
    JSON.stringify({ type: "transaction", id: "x", status: "PAID", amount: "1.5", last_status_update: "yesterday" }),
  ]) {
    const res = await post(request, body, signedHeaders(secret, body));
    expect(res.status(), body).toBe(400);
  }
  // An event type the store does not handle is acknowledged and ignored (Payrail may add types).
  const party = '{"type":"party","id":"x"}';
  const res = await post(request, party, signedHeaders(secret, party));
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ received: true, ignored: true });
});

test("the orders page reflects a status change Payrail delivers by webhook, and then a refund", async ({
  page,
  request,
}) => {
  // dummy_outcome_update: the later change reaches the store only by webhook (DUMMY_UPDATE_DELAY_MS later).
  await addToCart(page, ["night-owl-decaf"]);
  await checkout(page, {
    method: "dummy",
    fill: async (p) => {
      await p.getByLabel("Outcome", { exact: true }).selectOption("SETTLEMENT_REQUESTED");
      await p.getByLabel("Then change to (optional)").selectOption("SETTLEMENT_COMPLETED");
    },
  });
  const { reference, transactionId } = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
  await page.goto("/store/orders");
  const row = page.getByTestId(`order-${reference}`);
  await expect(row.getByTestId("order-status-detail")).toContainText("SETTLEMENT_COMPLETED · via webhook", {
    timeout: 30_000,
  });
  await expect(row.getByTestId("order-status")).toHaveText("Paid · settled");

  // The merchant refunds it in full through the API: the refund webhook reaches the store.
  const api = storeApi(request);
  const { amount } = (await api.get(`/v1/transaction/${transactionId}`)).body;
  await expect(row.getByTestId("order-refunded")).toHaveCount(0);
  const refund = await api.post(`/v1/transaction/${transactionId}/refund`, { amount: Number(amount) });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  await expect(row.getByTestId("order-refunded")).toHaveText("Refunded", { timeout: 30_000 });
  await shot(page, "store-orders-refunded");
});
