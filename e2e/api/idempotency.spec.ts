import pg from "pg";
import { customerBody, expect, test, type Api } from "../fixtures";
import { dummyIn, settled } from "../transactions";

const key = () => `idem-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const startBody = (api: Api, ref: string, amount = 1500) => ({
  payment_profile: api.merchant.payment_profile,
  amount,
  customer: customerBody(),
  payment_product: "bnpl",
  merchant_reference: ref,
  details: { capture_now: false },
});
const listByRef = async (api: Api, ref: string) =>
  (await api.get(`/v1/transaction?merchant_reference=${ref}`)).body.data as { id: string }[];

test.describe("Idempotency-Key", () => {
  test("a retry with the same key and body replays the answer and creates nothing new", async ({ api }) => {
    const k = key();
    const ref = key();
    const body = startBody(api, ref);
    const first = await api.post("/v1/transaction/start", body, { headers: { "Idempotency-Key": k } });
    const again = await api.post("/v1/transaction/start", body, { headers: { "Idempotency-Key": k } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toStrictEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect((await listByRef(api, ref)).map((t) => t.id)).toEqual([first.body.id]);
  });

  test("a replay is byte for byte the first answer", async ({ api }) => {
    const k = key();
    const body = startBody(api, key());
    const send = () =>
      api.requestContext.post("/v1/transaction/start", {
        data: body,
        headers: { apiKey: api.merchant.api_key, "Idempotency-Key": k },
      });
    const first = await send();
    expect(first.status()).toBe(201);
    const again = await send();
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  test("the same key with a different request is 422 131 naming what changed", async ({ api }) => {
    const k = key();
    const ref = key();
    expect(
      (await api.post("/v1/transaction/start", startBody(api, ref), { headers: { "Idempotency-Key": k } })).status,
    ).toBe(201);
    const changed = await api.post(
      "/v1/transaction/start",
      { ...startBody(api, ref, 2500), dynamic_descriptor: "x" },
      { headers: { "Idempotency-Key": k } },
    );
    expect(changed.status).toBe(422);
    expect(changed.body).toStrictEqual({
      code: "131",
      message: expect.any(String),
      details: { diff: expect.arrayContaining(["amount", "dynamic_descriptor"]) },
    });
    const otherEndpoint = await api.post("/v1/customer", customerBody(), { headers: { "Idempotency-Key": k } });
    expect(otherEndpoint.body.code).toBe("131");
    expect(otherEndpoint.body.details.diff).toContain("(endpoint)");
    expect(await listByRef(api, ref)).toHaveLength(1);
  });

  test("10 simultaneous requests with one key create exactly one transaction", async ({ api }) => {
    const k = key();
    const ref = key();
    const body = startBody(api, ref);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api.post("/v1/transaction/start", body, { headers: { "Idempotency-Key": k } })),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.code).toBe("132");
      // The first one is running and answers within milliseconds: come back in a second, not in 30.
      expect(r.headers["retry-after"]).toBe("1");
    }
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await listByRef(api, ref)).toHaveLength(1);
  });

  test("operations replay too: a retried capture answers like the first, not 130", async ({ api }) => {
    const t = await api.post("/v1/transaction/start", startBody(api, key()));
    // bnpl's AUTHORIZED follows the start through the queue: capture once it is there.
    t.body = await settled(api, t.body);
    expect(t.body.status).toBe("AUTHORIZED");
    const k = key();
    const first = await api.post(
      `/v1/transaction/${t.body.id}/capture`,
      { amount: 1000 },
      { headers: { "Idempotency-Key": k } },
    );
    const retry = await api.post(
      `/v1/transaction/${t.body.id}/capture`,
      { amount: 1000 },
      { headers: { "Idempotency-Key": k } },
    );
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toStrictEqual(first.body);
    const plain = await api.post(`/v1/transaction/${t.body.id}/capture`, { amount: 1000 });
    expect(plain.body.code).toBe("130");
  });

  test("a validation error (400) is not stored: the corrected request runs under the same key; keys are per organisation; a bad key is 101", async ({
    api,
    otherApi,
  }) => {
    const k = key();
    const good = startBody(api, key());
    const bad = { ...good, amount: -1 };
    const first = await api.post("/v1/transaction/start", bad, { headers: { "Idempotency-Key": k } });
    const again = await api.post("/v1/transaction/start", bad, { headers: { "Idempotency-Key": k } });
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    const corrected = await api.post("/v1/transaction/start", good, { headers: { "Idempotency-Key": k } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    // From then on the key is the corrected request's: replayed, and a different body is 131.
    const replay = await api.post("/v1/transaction/start", good, { headers: { "Idempotency-Key": k } });
    expect([replay.status, replay.body.id, replay.headers["idempotent-replayed"]]).toEqual([
      201,
      corrected.body.id,
      "true",
    ]);
    expect((await api.post("/v1/transaction/start", bad, { headers: { "Idempotency-Key": k } })).body.code).toBe("131");
    const other = await otherApi.post("/v1/transaction/start", startBody(otherApi, key()), {
      headers: { "Idempotency-Key": k },
    });
    expect(other.status).toBe(201);
    for (const badKey of ["has space", "x".repeat(256), "ünïcode"]) {
      const res = await api.post("/v1/customer", customerBody(), { headers: { "Idempotency-Key": badKey } });
      expect(res.status, badKey).toBe(400);
      expect(res.body.details.invalid_fields).toHaveProperty(["Idempotency-Key"]);
    }
  });

  test("the stored fingerprint of a token charge holds no trace of the CVC", async ({ api }) => {
    const k = key();
    const res = await api.post(
      "/v1/transaction/start",
      {
        ...startBody(api, key()),
        payment_product: "card",
        details: {
          card_token: "ctok_unknown000000000000000",
          card_holder: "A",
          card_cvv: "8642",
          card_expiry_month: 1,
          card_expiry_year: 2031,
        },
      },
      { headers: { "Idempotency-Key": k } },
    );
    expect(res.body.code).toBe("120");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select fingerprint::text as f, "responseBody"::text as r from idempotency_keys where key = $1`,
        [k],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].f).toContain("details.card_token");
      expect(rows[0].f).not.toContain("card_cvv");
      expect(`${rows[0].f}${rows[0].r}`).not.toContain("8642");
    } finally {
      await client.end();
    }
  });

  test.describe("a request cut off by a crash (its key left in flight, no answer)", () => {
    /** Puts a key back the way a crash leaves it: in flight, no answer, taken `ageMs` ago, for `effectId`. */
    async function crashLeft(k: string, effectId: string, ageMs: number) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const { rowCount } = await client.query(
          `update idempotency_keys set status = 'in_flight', "responseStatus" = null, "responseBody" = null,
             "effectId" = $2, "createdAt" = now() - make_interval(secs => $3::float8 / 1000) where key = $1`,
          [k, effectId, ageMs],
        );
        expect(rowCount).toBe(1);
      } finally {
        await client.end();
      }
    }
    const retry = (api: Api, body: unknown, k: string) =>
      api.post("/v1/transaction/start", body, { headers: { "Idempotency-Key": k } });

    test("while it may still be running, a retry is asked to wait (132, Retry-After)", async ({ api }) => {
      const k = key();
      const body = startBody(api, key());
      const first = await retry(api, body, k);
      await crashLeft(k, first.body.id, 5_000);
      const res = await retry(api, body, k);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("132");
      const wait = Number(res.headers["retry-after"]);
      expect(wait).toBeGreaterThanOrEqual(20);
      expect(wait).toBeLessThanOrEqual(30);
      expect(res.body.details).toStrictEqual({ retry_after_seconds: wait });
    });

    test("cut off after it stored the transaction: the retry answers with that transaction, nothing new", async ({
      api,
    }) => {
      const k = key();
      const ref = key();
      const body = startBody(api, ref);
      const first = await retry(api, body, k);
      expect(first.status).toBe(201);
      await crashLeft(k, first.body.id, 31_000);
      const res = await retry(api, body, k);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers["idempotent-replayed"]).toBe("true");
      expect(res.body.id).toBe(first.body.id);
      expect(await listByRef(api, ref)).toHaveLength(1);
      // Answered now: later retries replay at once.
      expect((await retry(api, body, k)).body.id).toBe(first.body.id);
    });

    test("cut off before it stored anything: the retry runs it, under the id the key fixed", async ({ api }) => {
      const k = key();
      const body = startBody(api, key());
      await retry(api, body, k);
      const fixed = crypto.randomUUID();
      await crashLeft(k, fixed, 31_000);
      const res = await retry(api, body, k);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
      expect(res.body.id).toBe(fixed);
      const again = await retry(api, body, k);
      expect([again.body.id, again.headers["idempotent-replayed"]]).toEqual([fixed, "true"]);
    });

    test("a customer and a refund are recovered the same way", async ({ api }) => {
      const k = key();
      const customer = customerBody();
      const created = await api.post("/v1/customer", customer, { headers: { "Idempotency-Key": k } });
      expect(created.status).toBe(201);
      await crashLeft(k, created.body.id, 31_000);
      const res = await api.post("/v1/customer", customer, { headers: { "Idempotency-Key": k } });
      expect([res.status, res.body.id, res.headers["idempotent-replayed"]]).toEqual([201, created.body.id, "true"]);

      const t = await dummyIn(api, "SETTLEMENT_COMPLETED");
      const rk = key();
      const refund = await api.post(
        `/v1/transaction/${t.id}/refund`,
        { amount: 100 },
        { headers: { "Idempotency-Key": rk } },
      );
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
      await crashLeft(rk, refund.body.id, 31_000);
      const again = await api.post(
        `/v1/transaction/${t.id}/refund`,
        { amount: 100 },
        { headers: { "Idempotency-Key": rk } },
      );
      expect([again.status, again.body.id, again.headers["idempotent-replayed"]]).toEqual([
        201,
        refund.body.id,
        "true",
      ]);
      expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body.data).toHaveLength(1);
    });
  });
});
