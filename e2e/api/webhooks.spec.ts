import { createMerchant, expect, FAST_URL, ISO_MS, test, UUID } from "../fixtures";
import { eventsWhen, Receiver, startDummy, verifyDelivery, webhookEvents } from "../webhooks";

// Deliveries from the two main test servers (WEBHOOK_RETRY_SCALE=0.001, private networks allowed).

const BODY_KEYS = ["type", "id", "status", "status_reason", "amount", "merchant_reference", "last_status_update"];

test("a status change is delivered once, signed, with the minimal body; the log shows the attempt", async ({
  request,
  merchant,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    const t = await startDummy(request, merchant, {
      outcome: "DECLINED",
      webhookUrl: receiver.url(),
      reference: "order-4711",
    });
    const [d] = await receiver.waitForCount(1);

    expect(verifyDelivery(d, merchant.webhook_secret)).toStrictEqual({
      type: "transaction",
      id: t.id,
      status: "DECLINED",
      status_reason: "Set by dummy_outcome",
      amount: "1000",
      merchant_reference: "order-4711",
      last_status_update: t.last_status_update,
    });
    expect(Object.keys(JSON.parse(d.body))).toEqual(BODY_KEYS);
    expect(d.path).toBe("/hook");
    expect(d.headers["content-type"]).toBe("application/json");
    expect(d.headers["user-agent"]).toBe("Payrail-Webhooks/1");
    expect(d.headers["webhook-id"]).toMatch(UUID);
    expect(Math.abs(Number(d.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(d.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "delivered");
    expect(event).toStrictEqual({
      id: d.headers["webhook-id"],
      type: "transaction",
      transaction: t.id,
      status: "delivered",
      url: receiver.url(),
      payload: JSON.parse(d.body),
      created_at: expect.stringMatching(ISO_MS),
      delivered_at: expect.stringMatching(ISO_MS),
      next_attempt_at: null,
      attempts: [
        {
          attempt: 1,
          trigger: "schedule",
          url: receiver.url(),
          started_at: expect.stringMatching(ISO_MS),
          duration_ms: expect.any(Number),
          status_code: 200,
          error: null,
          response_excerpt: "ok",
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.deliveries).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

test("the transaction's URL wins over the profile's; the profile's is used otherwise; with none the event is kept as skipped", async ({
  request,
}) => {
  const profileReceiver = await Receiver.start("ok");
  const txReceiver = await Receiver.start("ok");
  try {
    const withProfileUrl = createMerchant("Webhook profile shop", profileReceiver.url("/profile"));
    const a = await startDummy(request, withProfileUrl, { outcome: "FAILED" });
    const b = await startDummy(request, withProfileUrl, { outcome: "FAILED", webhookUrl: txReceiver.url("/tx") });
    await profileReceiver.waitForCount(1);
    await txReceiver.waitForCount(1);
    expect(JSON.parse(profileReceiver.deliveries[0].body).id).toBe(a.id);
    expect(JSON.parse(txReceiver.deliveries[0].body).id).toBe(b.id);
    verifyDelivery(profileReceiver.deliveries[0], withProfileUrl.webhook_secret);
    verifyDelivery(txReceiver.deliveries[0], withProfileUrl.webhook_secret);

    const noUrl = createMerchant("Webhook-less shop");
    const c = await startDummy(request, noUrl, { outcome: "FAILED" });
    const events = await webhookEvents(request, noUrl, c.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status: "skipped",
      url: "",
      attempts: [],
      next_attempt_at: null,
      payload: { id: c.id, status: "FAILED" },
    });
  } finally {
    await profileReceiver.close();
    await txReceiver.close();
  }
});

test("every change of a transaction and its refunds is delivered: type refund carries the refund's id and status", async ({
  request,
  merchant,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    // On the fast server refunds are processed after 0.5 s.
    const t = await startDummy(request, merchant, {
      outcome: "SETTLEMENT_COMPLETED",
      webhookUrl: receiver.url(),
      baseURL: FAST_URL,
    });
    const refundRes = await request.post(`${FAST_URL}/v1/transaction/${t.id}/refund`, {
      headers: { apiKey: merchant.api_key },
      data: { amount: 250 },
    });
    expect(refundRes.status()).toBe(201);
    const refund = await refundRes.json();

    await receiver.waitForCount(3);
    const bodies = receiver.deliveries.map(
      (d) => verifyDelivery(d, merchant.webhook_secret) as Record<string, unknown>,
    );
    expect(bodies.find((b) => b.type === "transaction")).toMatchObject({ id: t.id, status: "SETTLEMENT_COMPLETED" });
    const refundBodies = bodies.filter((b) => b.type === "refund");
    expect(refundBodies.map((b) => b.status).sort()).toEqual(["PENDING", "PROCESSED"]);
    for (const b of refundBodies) {
      expect(b).toStrictEqual({
        type: "refund",
        id: refund.id,
        transaction: t.id,
        status: expect.any(String),
        status_reason: "",
        amount: "250",
        merchant_reference: t.merchant_reference,
        last_status_update: expect.stringMatching(ISO_MS),
      });
    }
    // Three events, three distinct webhook ids.
    expect(new Set(receiver.deliveries.map((d) => d.headers["webhook-id"])).size).toBe(3);
    const events = await eventsWhen(
      request,
      merchant,
      t.id,
      (es) => es.length === 3 && es.every((e) => e.status === "delivered"),
    );
    expect(events.map((e) => e.type)).toEqual(["transaction", "refund", "refund"]);
  } finally {
    await receiver.close();
  }
});

test("a receiver that is down for a while, then up: every event arrives, with the same webhook-id on every attempt", async ({
  request,
  merchant,
}) => {
  const receiver = await Receiver.start("ok");
  await receiver.down();
  try {
    const started = [];
    for (let i = 0; i < 4; i++)
      started.push(await startDummy(request, merchant, { outcome: "DECLINED", webhookUrl: receiver.url() }));
    // Wait until each event has failed at least twice against the closed port.
    for (const t of started) {
      await eventsWhen(request, merchant, t.id, (es) => (es[0]?.attempts.length ?? 0) >= 2);
    }
    await receiver.up();

    for (const t of started) {
      const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "delivered", {
        timeout: 30_000,
      });
      const failed = event.attempts.slice(0, -1);
      expect(failed.length).toBeGreaterThanOrEqual(2);
      for (const a of failed)
        expect(a).toMatchObject({
          status_code: null,
          error: expect.stringContaining("ECONNREFUSED"),
          trigger: "schedule",
        });
      expect(event.attempts.at(-1)).toMatchObject({ status_code: 200, error: null });
      expect(event.attempts.map((a) => a.attempt)).toEqual(event.attempts.map((_, i) => i + 1));

      const received = receiver.forEvent(event.id);
      expect(received.length).toBeGreaterThanOrEqual(1);
      for (const d of received) expect((verifyDelivery(d, merchant.webhook_secret) as { id: string }).id).toBe(t.id);
    }
    expect(new Set(receiver.deliveries.map((d) => d.headers["webhook-id"])).size).toBe(started.length);
  } finally {
    await receiver.close();
  }
});

test("a 410 answer stops the retries of that event at once", async ({ request, merchant }) => {
  const receiver = await Receiver.start(410);
  try {
    const t = await startDummy(request, merchant, { webhookUrl: receiver.url() });
    const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "failed");
    expect(event.next_attempt_at).toBeNull();
    expect(event.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 410, response_excerpt: "answered 410" }),
    ]);
    // The second attempt would have come after 5 ms (scaled): nothing more arrives.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(receiver.deliveries).toHaveLength(1);
    expect((await webhookEvents(request, merchant, t.id))[0].attempts).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

test("receivers that hang, reset, answer 500, redirect to 127.0.0.1 or send 10 MB: each attempt is logged and delivery goes on", async ({
  request,
  merchant,
}) => {
  test.slow();
  const receivers = {
    hang: await Receiver.start("hang"),
    reset: await Receiver.start("reset"),
    error: await Receiver.start(500),
    redirect: await Receiver.start("redirect"),
    huge: await Receiver.start("huge"),
  };
  try {
    const ids: Record<string, string> = {};
    for (const [name, r] of Object.entries(receivers))
      ids[name] = (await startDummy(request, merchant, { webhookUrl: r.url() })).id;
    const first = async (name: string, timeout = 10_000) =>
      (await eventsWhen(request, merchant, ids[name], (es) => (es[0]?.attempts.length ?? 0) >= 1, { timeout }))[0];

    expect((await first("reset")).attempts[0]).toMatchObject({
      status_code: null,
      error: expect.stringMatching(/ECONNRESET|socket hang up/),
    });
    expect((await first("error")).attempts[0]).toMatchObject({
      status_code: 500,
      error: null,
      response_excerpt: "answered 500",
    });
    const redirected = await first("redirect");
    expect(redirected.attempts[0]).toMatchObject({ status_code: 301, response_excerpt: "moved" });
    expect(redirected.status).toBe("pending");
    expect(receivers.redirect.deliveries.filter((d) => d.path === "/elsewhere")).toHaveLength(0);
    const huge = await first("huge");
    expect(huge.status).toBe("delivered");
    expect(huge.attempts[0].response_excerpt).toBe("z".repeat(1024));

    // The hanging receiver is given up on after 15 s; meanwhile everything else kept working.
    const hung = await first("hang", 25_000);
    expect(hung.attempts[0]).toMatchObject({ status_code: null, error: "Timeout: no response within 15000 ms" });
    expect(hung.attempts[0].duration_ms).toBeGreaterThanOrEqual(14_900);
    expect(hung.attempts[0].duration_ms).toBeLessThan(17_000);
    expect((await request.get("/health")).status()).toBe(200);
  } finally {
    // 410 ends the remaining retries of these events.
    for (const r of Object.values(receivers)) r.mode = 410;
    await new Promise((r) => setTimeout(r, 1_500));
    for (const r of Object.values(receivers)) await r.close();
  }
});

test("a hanging receiver does not hold back deliveries to others", async ({ request, merchant }) => {
  test.slow();
  const hanging = await Receiver.start("hang");
  const good = await Receiver.start("ok");
  try {
    // More events for the hanging endpoint than both test servers' workers run jobs at once (2 × 8).
    const stuck = await Promise.all(
      Array.from({ length: 24 }, () => startDummy(request, merchant, { webhookUrl: hanging.url() })),
    );
    await expect.poll(() => hanging.inFlight, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);

    const startedAt = Date.now();
    const fine = [];
    for (let i = 0; i < 5; i++) fine.push(await startDummy(request, merchant, { webhookUrl: good.url() }));
    await good.waitForCount(5, 10_000);
    const lag =
      Math.max(...fine.map((t) => good.deliveries.find((d) => JSON.parse(d.body).id === t.id)!.at)) - startedAt;
    expect(lag).toBeLessThan(5_000);
    expect(hanging.inFlight).toBeGreaterThanOrEqual(8);
    expect(stuck).toHaveLength(24);
  } finally {
    hanging.mode = 410;
    await hanging.down();
    await hanging.up();
    await new Promise((r) => setTimeout(r, 1_500));
    await hanging.close();
    await good.close();
  }
});

test("resend delivers an event again now, with the same webhook-id; it can also rescue a failed event", async ({
  request,
  merchant,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    const t = await startDummy(request, merchant, { webhookUrl: receiver.url() });
    await receiver.waitForCount(1);
    const [event] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.status === "delivered");

    const res = await request.post(`/v1/webhook-event/${event.id}/resend`, { headers: { apiKey: merchant.api_key } });
    expect(res.status()).toBe(202);
    expect(await res.json()).toMatchObject({ id: event.id, status: "delivered" });
    await receiver.waitForCount(2, 5_000);
    expect(receiver.deliveries.map((d) => d.headers["webhook-id"])).toEqual([event.id, event.id]);
    expect(receiver.deliveries[1].body).toBe(receiver.deliveries[0].body);
    verifyDelivery(receiver.deliveries[1], merchant.webhook_secret);
    const [after] = await eventsWhen(request, merchant, t.id, (es) => es[0]?.attempts.length === 2);
    expect(after.attempts[1]).toMatchObject({ attempt: 2, trigger: "resend", status_code: 200 });
    expect(after.delivered_at).toBe(event.delivered_at);

    // A failed event (410) comes back to life when resent to a receiver that accepts it.
    receiver.mode = 410;
    const g = await startDummy(request, merchant, { webhookUrl: receiver.url() });
    const [gone] = await eventsWhen(request, merchant, g.id, (es) => es[0]?.status === "failed");
    receiver.mode = "ok";
    expect(
      (
        await request.post(`/v1/webhook-event/${gone.id}/resend`, { headers: { apiKey: merchant.api_key }, data: {} })
      ).status(),
    ).toBe(202);
    const [rescued] = await eventsWhen(request, merchant, g.id, (es) => es[0]?.status === "delivered");
    expect(rescued.attempts.map((a) => [a.trigger, a.status_code])).toEqual([
      ["schedule", 410],
      ["resend", 200],
    ]);
  } finally {
    await receiver.close();
  }
});

test("webhook logs and resends are scoped to the caller's organisation; bad input is refused", async ({
  request,
  merchant,
  otherMerchant,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    const t = await startDummy(request, merchant, { webhookUrl: receiver.url() });
    const [event] = await eventsWhen(request, merchant, t.id, (es) => es.length === 1);
    const other = { apiKey: otherMerchant.api_key };

    const list = await request.get(`/v1/transaction/${t.id}/webhooks`, { headers: other });
    expect(list.status()).toBe(404);
    expect(await list.json()).toMatchObject({ code: "120", details: { resource: "transaction", id: t.id } });
    const resend = await request.post(`/v1/webhook-event/${event.id}/resend`, { headers: other });
    expect(resend.status()).toBe(404);
    expect(await resend.json()).toMatchObject({ code: "120", details: { resource: "webhook_event", id: event.id } });

    expect(
      (await request.post(`/v1/webhook-event/not-a-uuid/resend`, { headers: { apiKey: merchant.api_key } })).status(),
    ).toBe(404);
    expect((await request.get(`/v1/transaction/${t.id}/webhooks`)).status()).toBe(401);
    const withBody = await request.post(`/v1/webhook-event/${event.id}/resend`, {
      headers: { apiKey: merchant.api_key },
      data: { url: "http://x" },
    });
    expect(withBody.status()).toBe(400);
    expect(await withBody.json()).toMatchObject({ code: "101", details: { invalid_fields: { url: "Unknown field" } } });

    const noUrl = createMerchant("No URL shop");
    const s = await startDummy(request, noUrl);
    const [skipped] = await webhookEvents(request, noUrl, s.id);
    const refused = await request.post(`/v1/webhook-event/${skipped.id}/resend`, {
      headers: { apiKey: noUrl.api_key },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "130", details: { status: "skipped" } });
  } finally {
    await receiver.close();
  }
});
