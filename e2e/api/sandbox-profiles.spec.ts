import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { createMerchant, expect, test } from "../fixtures";
import { STRICT } from "../isolated";
import { Api } from "../fixtures";
import { expectInvalid, expectNotFound, getTx, history, MISSING_ID } from "../transactions";
import { eventsWhen, Receiver, startDummy, verifyDelivery } from "../webhooks";

// Payment profiles as a resource: read, change (same SSRF rule as at creation), rotate the
// secret with an overlap, and webhook chaos mode. Profiles changed here belong to merchants made
// for the test, so no other test's deliveries get chaos.

test("GET and PATCH a payment profile; another organisation's is 404", async ({ api, otherApi, merchant }) => {
  const res = await api.get(`/v1/payment-profile/${merchant.payment_profile}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({
    id: merchant.payment_profile,
    name: "Default",
    webhook_transaction_update: "",
    webhook_chaos: null,
    previous_secret_expires_at: null,
  });
  expect(res.body.enabled_products).toHaveLength(16);
  expect(JSON.stringify(res.body)).not.toContain(merchant.webhook_secret);

  expectNotFound(
    await otherApi.get(`/v1/payment-profile/${merchant.payment_profile}`),
    "payment_profile",
    merchant.payment_profile,
  );
  expectNotFound(
    await otherApi.raw("PATCH", `/v1/payment-profile/${merchant.payment_profile}`, JSON.stringify({ name: "x" }), {
      "content-type": "application/json",
    }),
    "payment_profile",
    merchant.payment_profile,
  );
  expectNotFound(await api.get(`/v1/payment-profile/${MISSING_ID}`), "payment_profile", MISSING_ID);
  expectNotFound(
    await otherApi.post(`/v1/payment-profile/${merchant.payment_profile}/webhook-secret/rotate`),
    "payment_profile",
    merchant.payment_profile,
  );
});

test("PATCH changes webhook URL, enabled products and chaos; bad input is 101", async ({ request }) => {
  const m = createMerchant("Profile patch");
  const api = new Api(request, m);
  const patch = (body: unknown) =>
    api.raw("PATCH", `/v1/payment-profile/${m.payment_profile}`, JSON.stringify(body), {
      "content-type": "application/json",
    });
  const res = await patch({
    webhook_transaction_update: "https://merchant.example/hooks",
    enabled_products: ["card", "sepa"],
    webhook_chaos: { delay_ms: { min: 10, max: 50 }, duplicate_rate: 0.5 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({
    webhook_transaction_update: "https://merchant.example/hooks",
    enabled_products: ["card", "sepa"],
    webhook_chaos: {
      enabled: true,
      delay_ms: { min: 10, max: 50 },
      duplicate_rate: 0.5,
      reorder_window_ms: 0,
      fail_first_attempts: 0,
      bad_signature_rate: 0,
    },
  });
  expect((await api.get(`/v1/payment-profile/${m.payment_profile}`)).body).toStrictEqual(res.body);

  const cleared = await patch({ webhook_transaction_update: "", enabled_products: null, webhook_chaos: null });
  expect(cleared.body).toMatchObject({ webhook_transaction_update: "", webhook_chaos: null });
  expect(cleared.body.enabled_products).toHaveLength(16);

  expectInvalid(await patch({ colour: "red" }), { colour: expect.any(String) }, "payment_profile");
  expectInvalid(
    await patch({ enabled_products: ["cash"] }),
    { "enabled_products.0": "Unknown payment product" },
    "payment_profile",
  );
  expectInvalid(
    await patch({ webhook_transaction_update: "ftp://x.example/" }),
    { webhook_transaction_update: "Expected an absolute http(s) URL" },
    "payment_profile",
  );
  expectInvalid(
    await patch({ webhook_chaos: { duplicate_rate: 2 } }),
    { "webhook_chaos.duplicate_rate": expect.any(String) },
    "payment_profile",
  );
  expect(
    (await api.raw("PATCH", `/v1/payment-profile/${m.payment_profile}`, "{", { "content-type": "application/json" }))
      .status,
  ).toBe(400);
});

test("the profile's webhook URL is webhook_transaction_update (spec 2.5); webhook_url stays as a deprecated alias", async ({
  request,
}) => {
  const m = createMerchant("Profile alias");
  const api = new Api(request, m);
  const patch = (body: unknown) =>
    api.raw("PATCH", `/v1/payment-profile/${m.payment_profile}`, JSON.stringify(body), {
      "content-type": "application/json",
    });
  const byAlias = await patch({ webhook_url: "https://merchant.example/old-name" });
  expect(byAlias.status, JSON.stringify(byAlias.body)).toBe(200);
  expect(byAlias.body).toMatchObject({
    webhook_transaction_update: "https://merchant.example/old-name",
    webhook_url: "https://merchant.example/old-name",
  });
  const both = await patch({
    webhook_transaction_update: "https://merchant.example/b",
    webhook_url: "https://merchant.example/b",
  });
  expect(both.status, JSON.stringify(both.body)).toBe(200);
  expect(both.body.webhook_transaction_update).toBe("https://merchant.example/b");
  expectInvalid(
    await patch({
      webhook_transaction_update: "https://merchant.example/c",
      webhook_url: "https://merchant.example/d",
    }),
    { webhook_url: expect.stringMatching(/webhook_transaction_update/) },
    "payment_profile",
  );
  expect((await api.get(`/v1/payment-profile/${m.payment_profile}`)).body.webhook_transaction_update).toBe(
    "https://merchant.example/b",
  );
});

test("PATCH applies the SSRF rule of registration (guard on)", async ({ playwright }) => {
  const m = createMerchant("Profile SSRF", undefined, STRICT.env);
  const ctx = await playwright.request.newContext({ baseURL: STRICT.url });
  try {
    const api = new Api(ctx, m);
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://169.254.169.254/latest",
      "http://[::1]/x",
      "http://localhost/x",
    ]) {
      const res = await api.raw(
        "PATCH",
        `/v1/payment-profile/${m.payment_profile}`,
        JSON.stringify({ webhook_transaction_update: url }),
        {
          "content-type": "application/json",
        },
      );
      expectInvalid(res, { webhook_transaction_update: expect.stringMatching(/public address/) }, "payment_profile");
    }
    const ok = await api.raw(
      "PATCH",
      `/v1/payment-profile/${m.payment_profile}`,
      JSON.stringify({ webhook_transaction_update: "https://93.184.215.14/hook" }),
      {
        "content-type": "application/json",
      },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  } finally {
    await ctx.dispose();
  }
});

test("secret rotation: during the overlap deliveries carry both signatures; without overlap only the new one", async ({
  request,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    const m = createMerchant("Rotation", receiver.url());
    const api = new Api(request, m);
    const rotated = await api.post(`/v1/payment-profile/${m.payment_profile}/webhook-secret/rotate`);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const newSecret = rotated.body.webhook_secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(m.webhook_secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000);

    await startDummy(request, m, { outcome: "DECLINED" });
    const [d] = await receiver.waitForCount(1);
    expect(d.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verifyDelivery(d, m.webhook_secret)).toMatchObject({ status: "DECLINED" });
    expect(verifyDelivery(d, newSecret)).toMatchObject({ status: "DECLINED" });

    const again = await api.post(`/v1/payment-profile/${m.payment_profile}/webhook-secret/rotate`, {
      overlap_seconds: 0,
    });
    expect(again.body.previous_secret_expires_at).toBeNull();
    await startDummy(request, m, { outcome: "DECLINED" });
    const [, d2] = await receiver.waitForCount(2);
    expect(d2.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verifyDelivery(d2, again.body.webhook_secret)).toMatchObject({ status: "DECLINED" });
    expect(() => verifyDelivery(d2, newSecret)).toThrow(WebhookVerificationError);
    expectInvalid(
      await api.post(`/v1/payment-profile/${m.payment_profile}/webhook-secret/rotate`, { overlap_seconds: -1 }),
      { overlap_seconds: expect.any(String) },
      "webhook_secret_rotation",
    );
  } finally {
    await receiver.close();
  }
});

test("chaos: the first attempts fail on purpose, then a delivery arrives twice; every attempt records it; the transaction is untouched", async ({
  request,
}) => {
  const receiver = await Receiver.start("ok");
  try {
    const m = createMerchant("Chaos", receiver.url());
    const api = new Api(request, m);
    const patched = await api.raw(
      "PATCH",
      `/v1/payment-profile/${m.payment_profile}`,
      JSON.stringify({ webhook_chaos: { fail_first_attempts: 2, duplicate_rate: 1, delay_ms: { min: 5, max: 20 } } }),
      { "content-type": "application/json" },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const t = await startDummy(request, m, { outcome: "DECLINED" });
    const historyBefore = await history(api, t.id);
    const [event] = await eventsWhen(request, m, t.id, (es) => es[0]?.status === "delivered", { timeout: 30_000 });
    expect(
      event.attempts.map((a) => [a.attempt, a.status_code, a.chaos?.failed_on_purpose, a.chaos?.duplicated]),
    ).toEqual([
      [1, null, true, false],
      [2, null, true, false],
      [3, 200, false, true],
    ]);
    expect(event.attempts[0].error).toMatch(/^Chaos mode: attempt 1 of the first 2 failed on purpose/);
    expect(event.attempts[2].chaos).toMatchObject({ duplicate_status_code: 200, bad_signature: false });
    expect(Number(event.attempts[2].chaos?.delay_ms)).toBeGreaterThanOrEqual(5);
    const copies = await receiver.waitForCount(2);
    expect(copies.map((c) => c.headers["webhook-id"])).toEqual([event.id, event.id]);
    expect(copies.map((c) => c.body)).toEqual([copies[0].body, copies[0].body]);
    for (const c of copies) expect(verifyDelivery(c, m.webhook_secret)).toMatchObject({ id: t.id, status: "DECLINED" });

    const tx = await getTx(api, t.id);
    expect(tx).toMatchObject({ status: "DECLINED", last_status_update: t.last_status_update });
    expect(await history(api, t.id)).toStrictEqual(historyBefore);
  } finally {
    await receiver.close();
  }
});

test("chaos: bad signatures are refused by a verifying receiver, and the attempt says so", async ({ request }) => {
  const receiver = await Receiver.start("ok");
  try {
    const m = createMerchant("Chaos signatures", receiver.url());
    const api = new Api(request, m);
    await api.raw(
      "PATCH",
      `/v1/payment-profile/${m.payment_profile}`,
      JSON.stringify({ webhook_chaos: { bad_signature_rate: 1 } }),
      {
        "content-type": "application/json",
      },
    );
    const t = await startDummy(request, m, { outcome: "DECLINED" });
    const [d] = await receiver.waitForCount(1);
    expect(() => new Webhook(m.webhook_secret).verify(d.body, d.headers)).toThrow(WebhookVerificationError);
    const [event] = await eventsWhen(request, m, t.id, (es) => es[0]?.attempts.length >= 1);
    expect(event.attempts[0].chaos).toMatchObject({ bad_signature: true, failed_on_purpose: false });
  } finally {
    await receiver.close();
  }
});
