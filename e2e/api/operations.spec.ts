import { STATUSES as ALL_STATUSES } from "../../lib/domain/statuses";
import { eventually, ISO_MS, UUID, type Api } from "../fixtures";
import {
  dayFromToday,
  dummyIn,
  expect,
  expectConflict,
  expectInvalid,
  getTx,
  history,
  newCustomer,
  REDIRECT_URL,
  seedMandate,
  started,
  test,
  uniqueRef,
} from "../transactions";

const authorized = (api: Api, overrides: Record<string, unknown> = {}) =>
  started(api, "bnpl", { capture_now: false }, overrides);

async function waitForStatus(api: Api, id: string, status: string, timeout = 15_000) {
  return eventually(
    async () => {
      const t = await getTx(api, id);
      return t.status === status ? t : undefined;
    },
    { timeout },
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe("capture", () => {
  test("capture_now: false → AUTHORIZED; capture without amount → SETTLEMENT_REQUESTED for the whole amount", async ({
    api,
  }) => {
    const t = await authorized(api);
    expect([t.status, t.status_reason]).toStrictEqual(["AUTHORIZED", ""]);
    const res = await api.post(`/v1/transaction/${t.id}/capture`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toStrictEqual({
      ...t,
      status: "SETTLEMENT_REQUESTED",
      status_reason: "Captured",
      last_status_update: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(res.body.last_status_update)).toBeGreaterThanOrEqual(Date.parse(t.last_status_update));
    expect(await getTx(api, t.id)).toStrictEqual(res.body);
  });

  test("capture with {} or the full amount is a full capture", async ({ api }) => {
    const a = await authorized(api);
    const full = await api.post(`/v1/transaction/${a.id}/capture`, { amount: 1000 });
    expect([full.status, full.body.status, full.body.status_reason]).toStrictEqual([
      200,
      "SETTLEMENT_REQUESTED",
      "Captured",
    ]);
    const b = await authorized(api);
    const empty = await api.post(`/v1/transaction/${b.id}/capture`, {});
    expect([empty.status, empty.body.status, empty.body.status_reason]).toStrictEqual([
      200,
      "SETTLEMENT_REQUESTED",
      "Captured",
    ]);
  });

  test("partial capture: an amount below the authorised one", async ({ api }) => {
    const t = await authorized(api);
    const res = await api.post(`/v1/transaction/${t.id}/capture`, { amount: 400 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.status, res.body.status_reason, res.body.amount]).toStrictEqual([
      "SETTLEMENT_REQUESTED",
      "Captured 400 of 1000",
      "1000",
    ]);
  });

  test("capturing more than the authorised amount → 101, status unchanged", async ({ api }) => {
    const t = await authorized(api);
    const res = await api.post(`/v1/transaction/${t.id}/capture`, { amount: 1001 });
    expectInvalid(res, { amount: "Must not exceed the authorized amount (1000)" }, "capture");
    expect((await getTx(api, t.id)).status).toBe("AUTHORIZED");
    expect(await history(api, t.id)).toHaveLength(2);
  });

  const BAD_CAPTURES: [unknown, Record<string, unknown>][] = [
    [{ amount: 0 }, { amount: "Must be at least 1" }],
    [{ amount: -5 }, { amount: "Must be at least 1" }],
    [{ amount: 12.5 }, { amount: expect.stringContaining("no decimal point") }],
    [{ amount: "400" }, { amount: expect.any(String) }],
    [{ amount: 400, note: "x" }, { note: "Unknown field" }],
  ];
  for (const [body, fields] of BAD_CAPTURES) {
    test(`capture body ${JSON.stringify(body)} → 101`, async ({ api }) => {
      const t = await authorized(api);
      expectInvalid(await api.post(`/v1/transaction/${t.id}/capture`, body), fields, "capture");
      expect((await getTx(api, t.id)).status).toBe("AUTHORIZED");
    });
  }
});

test.describe("void and cancel", () => {
  test("void: AUTHORIZED → AUTHORIZATION_VOIDED", async ({ api }) => {
    const t = await authorized(api);
    const res = await api.post(`/v1/transaction/${t.id}/void`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toStrictEqual({
      ...t,
      status: "AUTHORIZATION_VOIDED",
      status_reason: "Voided",
      last_status_update: expect.stringMatching(ISO_MS),
    });
    const again = await api.post(`/v1/transaction/${t.id}/capture`);
    expectConflict(again, "AUTHORIZATION_VOIDED", ["AUTHORIZED"]);
  });

  test("void with a body field → 101", async ({ api }) => {
    const t = await authorized(api);
    expectInvalid(
      await api.post(`/v1/transaction/${t.id}/void`, { reason: "changed mind" }),
      { reason: "Unknown field" },
      "void",
    );
    expect((await getTx(api, t.id)).status).toBe("AUTHORIZED");
  });

  test("cancel: SETTLEMENT_REQUESTED → CANCELLED", async ({ api }) => {
    const t = await started(api, "bnpl", {});
    expect(t.status).toBe("SETTLEMENT_REQUESTED");
    const res = await api.post(`/v1/transaction/${t.id}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toStrictEqual({
      ...t,
      status: "CANCELLED",
      status_reason: "Cancelled by the merchant",
      last_status_update: expect.stringMatching(ISO_MS),
    });
  });

  test("cancel an open payment (the shopper chose another way to pay): INITIATED, IN_PROGRESS, PENDING → CANCELLED", async ({
    api,
  }) => {
    const open = [
      await started(api, "debit_card_redirect", { redirect_url: REDIRECT_URL }),
      await dummyIn(api, "IN_PROGRESS"),
      await dummyIn(api, "PENDING"),
    ];
    expect(open.map((t) => t.status)).toStrictEqual(["INITIATED", "IN_PROGRESS", "PENDING"]);
    for (const t of open) {
      const res = await api.post(`/v1/transaction/${t.id}/cancel`);
      expect([res.status, res.body.status, res.body.status_reason]).toStrictEqual([
        200,
        "CANCELLED",
        "Cancelled by the merchant",
      ]);
      expect((await history(api, t.id)).at(-1)).toMatchObject({ status: "CANCELLED", actor: "api" });
    }
  });

  test("cancel after a capture", async ({ api }) => {
    const t = await authorized(api);
    await api.post(`/v1/transaction/${t.id}/capture`);
    const res = await api.post(`/v1/transaction/${t.id}/cancel`);
    expect([res.status, res.body.status]).toStrictEqual([200, "CANCELLED"]);
  });
});

test.describe("operations refused from the wrong status → 409 130", () => {
  const OPS: Record<string, { path: string; body?: unknown; allowed: string[]; from: string[] }> = {
    capture: {
      path: "capture",
      allowed: ["AUTHORIZED"],
      from: [
        "INITIATED",
        "PENDING",
        "SETTLEMENT_REQUESTED",
        "SETTLEMENT_COMPLETED",
        "AUTHORIZATION_VOIDED",
        "DECLINED",
        "UNKNOWN",
      ],
    },
    void: {
      path: "void",
      allowed: ["AUTHORIZED"],
      from: ["INITIATED", "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED", "CANCELLED", "FAILED"],
    },
    cancel: {
      path: "cancel",
      allowed: ["INITIATED", "IN_PROGRESS", "PENDING", "SETTLEMENT_REQUESTED"],
      from: ["AUTHORIZED", "SETTLEMENT_COMPLETED", "CANCELLED", "UNKNOWN", "ABANDONED"],
    },
    refund: {
      path: "refund",
      body: { amount: 100 },
      allowed: ["SETTLEMENT_COMPLETED"],
      from: ["INITIATED", "AUTHORIZED", "SETTLEMENT_REQUESTED", "CANCELLED", "DECLINED", "AUTHORIZATION_VOIDED"],
    },
  };
  for (const [op, { path, body, allowed, from }] of Object.entries(OPS)) {
    for (const status of from) {
      test(`${op} from ${status} → 409 130 {status: ${status}, allowed_from: ${allowed}}`, async ({ api }) => {
        const t =
          status === "INITIATED"
            ? await started(api, "debit_card_redirect", { redirect_url: REDIRECT_URL })
            : await dummyIn(api, status);
        expect(t.status).toBe(status);
        const before = await history(api, t.id);
        const res = await api.post(`/v1/transaction/${t.id}/${path}`, body);
        expectConflict(res, status, allowed);
        expect(res.body.message).toContain(status);
        const after = await getTx(api, t.id);
        expect([after.status, after.last_status_update]).toStrictEqual([status, t.last_status_update]);
        expect(await history(api, t.id)).toStrictEqual(before);
        if (op === "refund")
          expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body).toStrictEqual({ data: [] });
      });
    }
  }

  test("a second capture → 409 with the status the first one left", async ({ api }) => {
    const t = await authorized(api);
    expect((await api.post(`/v1/transaction/${t.id}/capture`)).status).toBe(200);
    expectConflict(await api.post(`/v1/transaction/${t.id}/capture`), "SETTLEMENT_REQUESTED", ["AUTHORIZED"]);
    expectConflict(await api.post(`/v1/transaction/${t.id}/void`), "SETTLEMENT_REQUESTED", ["AUTHORIZED"]);
    // A transaction that cannot be captured at all says so before anything about the amount.
    expectConflict(await api.post(`/v1/transaction/${t.id}/capture`, { amount: 5000 }), "SETTLEMENT_REQUESTED", [
      "AUTHORIZED",
    ]);
  });
});

test.describe("refunds", () => {
  test("only from SETTLEMENT_COMPLETED; partial refunds up to the amount; the over-refund → 101", async ({ api }) => {
    const t = await dummyIn(api, "SETTLEMENT_COMPLETED");
    const over = await api.post(`/v1/transaction/${t.id}/refund`, { amount: 1001 });
    expectInvalid(over, { amount: "Exceeds the refundable amount (1000)" }, "refund");

    const first = await api.post(`/v1/transaction/${t.id}/refund`, { amount: 300, reason: "Damaged in transit" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toStrictEqual({
      id: expect.stringMatching(UUID),
      transaction: t.id,
      amount: "300",
      reason: "Damaged in transit",
      status: "PENDING",
      created_at: expect.stringMatching(ISO_MS),
      last_status_update: expect.stringMatching(ISO_MS),
    });
    expect(first.body.last_status_update).toBe(first.body.created_at);

    const tooMuch = await api.post(`/v1/transaction/${t.id}/refund`, { amount: 701 });
    expectInvalid(tooMuch, { amount: "Exceeds the refundable amount (700)" }, "refund");
    const second = await api.post(`/v1/transaction/${t.id}/refund`, { amount: 700 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect([second.body.amount, second.body.reason, second.body.status]).toStrictEqual(["700", "", "PENDING"]);
    expectInvalid(
      await api.post(`/v1/transaction/${t.id}/refund`, { amount: 1 }),
      { amount: "Exceeds the refundable amount (0)" },
      "refund",
    );

    const list = await api.get(`/v1/transaction/${t.id}/refunds`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => [x.id, x.amount])).toStrictEqual([
      [first.body.id, "300"],
      [second.body.id, "700"],
    ]);
    // A refund does not change the transaction's own status.
    expect((await getTx(api, t.id)).status).toBe("SETTLEMENT_COMPLETED");
  });

  const BAD_REFUNDS: [unknown, Record<string, unknown>][] = [
    [{}, { amount: "Required" }],
    [{ amount: 0 }, { amount: "Must be at least 1" }],
    [{ amount: 1.5 }, { amount: expect.stringContaining("no decimal point") }],
    [{ amount: "100" }, { amount: expect.any(String) }],
    [{ amount: 100, reason: "r".repeat(256) }, { reason: "At most 255 characters" }],
    [{ amount: 100, currency: "EUR" }, { currency: "Unknown field" }],
  ];
  for (const [body, fields] of BAD_REFUNDS) {
    test(`refund body ${JSON.stringify(body).slice(0, 60)} → 101`, async ({ api }) => {
      const t = await dummyIn(api, "SETTLEMENT_COMPLETED");
      expectInvalid(await api.post(`/v1/transaction/${t.id}/refund`, body), fields, "refund");
      expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body).toStrictEqual({ data: [] });
    });
  }

  test("a refund without a body → 100", async ({ api }) => {
    const t = await dummyIn(api, "SETTLEMENT_COMPLETED");
    const res = await api.post(`/v1/transaction/${t.id}/refund`);
    expect([res.status, res.body.code]).toStrictEqual([400, "100"]);
  });

  test("a refund goes PENDING → PROCESSED (fast server)", async ({ fastApi }) => {
    const t = await dummyIn(fastApi, "SETTLEMENT_COMPLETED");
    const r = await fastApi.post(`/v1/transaction/${t.id}/refund`, { amount: 250, reason: "Returned" });
    expect([r.status, r.body.status]).toStrictEqual([201, "PENDING"]);
    const processed = await eventually(async () => {
      const list = await fastApi.get(`/v1/transaction/${t.id}/refunds`);
      return list.body.data[0]?.status === "PROCESSED" ? list.body.data[0] : undefined;
    });
    expect(processed).toStrictEqual({
      ...r.body,
      status: "PROCESSED",
      last_status_update: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(processed.last_status_update) - Date.parse(processed.created_at)).toBeGreaterThanOrEqual(400);
  });

  test("after a partial capture, refunds are limited to the captured amount (fast server)", async ({ fastApi }) => {
    const t = await authorized(fastApi);
    expect((await fastApi.post(`/v1/transaction/${t.id}/capture`, { amount: 400 })).status).toBe(200);
    await waitForStatus(fastApi, t.id, "SETTLEMENT_COMPLETED");
    expectInvalid(
      await fastApi.post(`/v1/transaction/${t.id}/refund`, { amount: 401 }),
      { amount: "Exceeds the refundable amount (400)" },
      "refund",
    );
    expect((await fastApi.post(`/v1/transaction/${t.id}/refund`, { amount: 400 })).status).toBe(201);
  });
});

test.describe("timers (fast server)", () => {
  test("settlement: SETTLEMENT_REQUESTED → SETTLEMENT_COMPLETED after SETTLEMENT_DELAY_MS", async ({ fastApi }) => {
    const t = await started(fastApi, "bnpl", {});
    expect(t.status).toBe("SETTLEMENT_REQUESTED");
    const done = await waitForStatus(fastApi, t.id, "SETTLEMENT_COMPLETED");
    expect(done.status_reason).toBe("Settled");
    expect(Date.parse(done.last_status_update) - Date.parse(t.last_status_update)).toBeGreaterThanOrEqual(1_400);
    const rows = await history(fastApi, t.id);
    expect(rows.map((h) => [h.previous_status, h.status, h.reason, h.actor])).toStrictEqual([
      ["", "INITIATED", "Started", "api"],
      ["INITIATED", "SETTLEMENT_REQUESTED", "", "sandbox"],
      ["SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED", "Settled", "timer"],
    ]);
    expect(await fastApi.get(`/v1/transaction/${t.id}/checkoutsuccess`).then((r) => r.body)).toStrictEqual({
      status: "SETTLEMENT_COMPLETED",
      status_reason: "Settled",
      success: true,
    });
  });

  test("SEPA settlement waits for sepa_due_date (one sandbox day = SETTLEMENT_DELAY_MS)", async ({
    fastApi,
    merchant,
  }) => {
    const customer = await newCustomer(fastApi);
    await seedMandate(merchant.organisation, customer);
    const t = await started(fastApi, "sepa", { sepa_due_date: dayFromToday(2) }, { customer });
    expect([t.status, t.details.mandate_reused]).toStrictEqual(["SETTLEMENT_REQUESTED", true]);
    const done = await waitForStatus(fastApi, t.id, "SETTLEMENT_COMPLETED", 20_000);
    expect(Date.parse(done.last_status_update) - Date.parse(t.last_status_update)).toBeGreaterThanOrEqual(
      2 * 1_500 - 100,
    );
  });

  test("a capture schedules the settlement too", async ({ fastApi }) => {
    const t = await authorized(fastApi);
    await fastApi.post(`/v1/transaction/${t.id}/capture`);
    await waitForStatus(fastApi, t.id, "SETTLEMENT_COMPLETED");
  });

  test("a cancelled transaction never settles", async ({ fastApi }) => {
    const t = await started(fastApi, "bnpl", {});
    expect((await fastApi.post(`/v1/transaction/${t.id}/cancel`)).status).toBe(200);
    await sleep(3_500);
    expect((await getTx(fastApi, t.id)).status).toBe("CANCELLED");
    expect((await history(fastApi, t.id)).map((h) => h.status)).toStrictEqual([
      "INITIATED",
      "SETTLEMENT_REQUESTED",
      "CANCELLED",
    ]);
  });

  test("approval expiry: INITIATED → ABANDONED after APPROVAL_TTL_MS; finished transactions are left alone", async ({
    fastApi,
  }) => {
    const pending = await started(fastApi, "debit_card_redirect", { redirect_url: REDIRECT_URL });
    const auth = await authorized(fastApi);
    expect(pending.status).toBe("INITIATED");
    const done = await waitForStatus(fastApi, pending.id, "ABANDONED", 20_000);
    // The exact text ("... 4 s") is asserted by the next test.
    expect(done.status_reason).toMatch(/^Not completed within \d+ (seconds?|minutes?|hours?)$/);
    expect(Date.parse(done.last_status_update) - Date.parse(pending.created_at)).toBeGreaterThanOrEqual(3_900);
    expect((await history(fastApi, pending.id)).map((h) => [h.previous_status, h.status, h.actor])).toStrictEqual([
      ["", "INITIATED", "api"],
      ["INITIATED", "ABANDONED", "timer"],
    ]);
    expect(await fastApi.get(`/v1/transaction/${pending.id}/checkoutsuccess`).then((r) => r.body)).toStrictEqual({
      status: "ABANDONED",
      status_reason: done.status_reason,
      success: false,
    });
    expect((await getTx(fastApi, auth.id)).status).toBe("AUTHORIZED");
  });

  test("the expiry reason names the TTL the transaction had (4 s on the fast server)", async ({ fastApi }) => {
    test.setTimeout(60_000);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push((await started(fastApi, "debit_card_redirect", { redirect_url: REDIRECT_URL })).id);
      await sleep(100);
    }
    const reasons = await eventually(
      async () => {
        const ts = await Promise.all(ids.map((id) => getTx(fastApi, id)));
        return ts.every((t) => t.status === "ABANDONED") ? ts.map((t) => t.status_reason) : undefined;
      },
      { timeout: 30_000 },
    );
    expect(reasons).toStrictEqual(ids.map(() => "Not completed within 4 seconds"));
  });
});

test.describe("history", () => {
  test("lists every change in order with previous_status", async ({ api }) => {
    const t = await authorized(api);
    await api.post(`/v1/transaction/${t.id}/capture`, { amount: 600 });
    const cancelled = await api.post(`/v1/transaction/${t.id}/cancel`);
    const res = await api.get(`/v1/transaction/${t.id}/history`);
    expect(res.status).toBe(200);
    const at = expect.stringMatching(ISO_MS);
    expect(res.body).toStrictEqual({
      data: [
        { status: "INITIATED", previous_status: "", reason: "Started", actor: "api", created_at: at },
        { status: "AUTHORIZED", previous_status: "INITIATED", reason: "", actor: "sandbox", created_at: at },
        {
          status: "SETTLEMENT_REQUESTED",
          previous_status: "AUTHORIZED",
          reason: "Captured 600 of 1000",
          actor: "api",
          created_at: at,
        },
        {
          status: "CANCELLED",
          previous_status: "SETTLEMENT_REQUESTED",
          reason: "Cancelled by the merchant",
          actor: "api",
          created_at: at,
        },
      ],
    });
    const times = res.body.data.map((h: any) => Date.parse(h.created_at));
    expect([...times].sort((a, b) => a - b)).toStrictEqual(times);
    expect(res.body.data[0].created_at).toBe(t.created_at);
    expect(res.body.data[3].created_at).toBe(cancelled.body.last_status_update);
  });
});

test.describe("checkoutsuccess", () => {
  const STATUSES = ALL_STATUSES.filter((s) => s !== "INITIATED");

  test("is exactly {status, status_reason, success}; success only for SETTLEMENT_REQUESTED and SETTLEMENT_COMPLETED", async ({
    api,
  }) => {
    const initiated = await started(api, "debit_card_redirect", { redirect_url: REDIRECT_URL });
    const first = await api.get(`/v1/transaction/${initiated.id}/checkoutsuccess`);
    expect(first.status).toBe(200);
    expect(first.body).toStrictEqual({ status: "INITIATED", status_reason: "", success: false });
    for (const status of STATUSES) {
      const t = await dummyIn(api, status);
      const res = await api.get(`/v1/transaction/${t.id}/checkoutsuccess`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        status,
        status_reason: "Set by dummy_outcome",
        success: status === "SETTLEMENT_REQUESTED" || status === "SETTLEMENT_COMPLETED",
      });
    }
  });

  test("needs the API key (it is the merchant's server-side check)", async ({ api }) => {
    const t = await dummyIn(api, "SETTLEMENT_REQUESTED");
    const res = await api.get(`/v1/transaction/${t.id}/checkoutsuccess`, { key: null });
    expect([res.status, res.body.code]).toStrictEqual([401, "110"]);
  });
});

test.describe("GET /v1/transaction (list)", () => {
  test("cursor pagination: 5 transactions, limit=2 → 3 pages, newest first, no duplicates", async ({ api }) => {
    const ref = uniqueRef("page");
    const customer = (
      await api.post("/v1/customer", { first_name: "P", last_name: "Q", email_address: "pq@example.com" })
    ).body.id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await started(api, "bnpl", {}, { merchant_reference: ref, customer, amount: 100 + i })).id);
    const pages: any[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5 && (i === 0 || cursor); i++) {
      const res = await api.get(
        `/v1/transaction?merchant_reference=${ref}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body).sort()).toStrictEqual(["data", "has_more", "next_cursor"]);
      pages.push(res.body);
      cursor = res.body.next_cursor;
    }
    expect(pages.map((p) => [p.data.length, p.has_more, typeof p.next_cursor])).toStrictEqual([
      [2, true, "string"],
      [2, true, "string"],
      [1, false, "object"],
    ]);
    expect(pages[2].next_cursor).toBeNull();
    const listed = pages.flatMap((p) => p.data.map((t: any) => t.id));
    expect(listed).toStrictEqual([...ids].reverse());
    expect(new Set(listed).size).toBe(5);
    // The listed objects are the full transaction objects.
    expect(pages[0].data[0]).toStrictEqual(await getTx(api, ids[4]));
  });

  test("filters: status, payment_product, merchant_reference, and combinations", async ({ api, otherApi }) => {
    const ref = uniqueRef("filter");
    const settled = await started(api, "bnpl", {}, { merchant_reference: ref });
    const declined = await dummyIn(api, "DECLINED", { merchant_reference: ref });
    const initiated = await started(
      api,
      "debit_card_redirect",
      { redirect_url: REDIRECT_URL },
      { merchant_reference: ref },
    );
    const auth = await authorized(api, { merchant_reference: ref });
    const other = await started(api, "bnpl", {}, { merchant_reference: uniqueRef("filter-other") });
    const ids = async (q: string) => {
      const res = await api.get(`/v1/transaction?${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((t: any) => t.id);
    };
    expect(await ids(`merchant_reference=${ref}`)).toStrictEqual([auth.id, initiated.id, declined.id, settled.id]);
    expect(await ids(`merchant_reference=${ref}&status=DECLINED`)).toStrictEqual([declined.id]);
    expect(await ids(`merchant_reference=${ref}&payment_product=bnpl`)).toStrictEqual([auth.id, settled.id]);
    expect(await ids(`merchant_reference=${ref}&payment_product=bnpl&status=AUTHORIZED`)).toStrictEqual([auth.id]);
    expect(await ids(`merchant_reference=${ref}&status=CANCELLED`)).toStrictEqual([]);
    expect(await ids(`merchant_reference=${ref}&payment_product=sepa`)).toStrictEqual([]);
    expect(await ids(`limit=1`)).toStrictEqual([other.id]);
    const foreign = await otherApi.get(`/v1/transaction?merchant_reference=${ref}`);
    expect(foreign.body).toStrictEqual({ data: [], has_more: false, next_cursor: null });
  });

  const BAD_QUERIES: [string, Record<string, unknown>][] = [
    ["limit=101", { limit: expect.any(String) }],
    ["limit=0", { limit: expect.any(String) }],
    ["limit=2.5", { limit: expect.any(String) }],
    ["limit=ten", { limit: expect.any(String) }],
    ["cursor=not-a-cursor", { cursor: "Not a cursor returned by this endpoint" }],
    [
      `cursor=${Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "x"])).toString("base64url")}`,
      { cursor: "Not a cursor returned by this endpoint" },
    ],
    [`cursor=${Buffer.from("null").toString("base64url")}`, { cursor: "Not a cursor returned by this endpoint" }],
    ["status=PAID", { status: expect.any(String) }],
    ["status=settlement_requested", { status: expect.any(String) }],
    ["payment_product=paypal", { payment_product: expect.any(String) }],
    ["sort=asc", { sort: "Unknown field" }],
    // Caught before the schema (a repeated parameter), named the same way as the schema's errors.
    ["limit=1&limit=2", { limit: expect.any(String) }],
  ];
  for (const [q, fields] of BAD_QUERIES) {
    test(`?${q.slice(0, 40)} → 101`, async ({ api }) => {
      expectInvalid(await api.get(`/v1/transaction?${q}`), fields, "transaction_list");
    });
  }

  for (const iso of ["-200000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "0000-01-01T00:00:00.000Z"]) {
    test(`a forged cursor dated ${iso} → 101 or an empty page, never 5xx`, async ({ api }) => {
      const cursor = Buffer.from(JSON.stringify([iso, "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01"])).toString("base64url");
      const res = await api.get(`/v1/transaction?cursor=${cursor}`);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status !== 200)
        expectInvalid(res, { cursor: "Not a cursor returned by this endpoint" }, "transaction_list");
    });
  }

  test("a page that ends exactly at the last transaction says has_more: false", async ({ api }) => {
    const ref = uniqueRef("boundary");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await started(api, "bnpl", {}, { merchant_reference: ref })).id);
    const first = await api.get(`/v1/transaction?merchant_reference=${ref}&limit=2`);
    expect([first.body.data.map((t: any) => t.id), first.body.has_more]).toStrictEqual([[ids[3], ids[2]], true]);
    const second = await api.get(`/v1/transaction?merchant_reference=${ref}&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toStrictEqual({
      data: [expect.objectContaining({ id: ids[1] }), expect.objectContaining({ id: ids[0] })],
      has_more: false,
      next_cursor: null,
    });
    const all = await api.get(`/v1/transaction?merchant_reference=${ref}&limit=4`);
    expect([all.body.data.length, all.body.has_more, all.body.next_cursor]).toStrictEqual([4, false, null]);
  });

  test("a NUL character in a filter → 101, not 5xx", async ({ api }) => {
    for (const q of ["merchant_reference=%00", "merchant_reference=ref%00x"]) {
      const res = await api.get(`/v1/transaction?${q}`);
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe("101");
      expect(Object.keys(res.body.details.invalid_fields)).toStrictEqual(["merchant_reference"]);
    }
  });

  test("a filter given twice → 101 naming it (not the last value read silently)", async ({ api }) => {
    for (const path of [
      "/v1/transaction?status=INITIATED&status=FAILED",
      "/v1/issuers?payment_product=a&payment_product=b",
    ]) {
      const res = await api.get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe("101");
      expect(Object.keys(res.body.details.invalid_fields)).toStrictEqual([
        new URL(path, "http://x").searchParams.keys().next().value,
      ]);
      expect(res.body.message).toContain("more than once");
    }
  });

  test("limit=100 is accepted", async ({ api }) => {
    const res = await api.get(`/v1/transaction?limit=100&merchant_reference=${uniqueRef()}`);
    expect(res.body).toStrictEqual({ data: [], has_more: false, next_cursor: null });
  });
});
