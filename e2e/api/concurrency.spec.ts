import pg from "pg";
import type { Api } from "../fixtures";
import { eventually } from "../fixtures";
import { Receiver, startDummy, verifyDelivery } from "../webhooks";
import {
  dummyIn,
  expect,
  expectNotFound,
  getTx,
  history,
  newCustomer,
  REDIRECT_URL,
  sql,
  startBody,
  started,
  test,
} from "../transactions";

/** Every history row continues from the one before it. */
function expectChain(rows: { status: string; previous_status: string }[]) {
  expect(rows[0]).toMatchObject({ status: "INITIATED", previous_status: "" });
  for (let i = 1; i < rows.length; i++) expect(rows[i].previous_status, JSON.stringify(rows)).toBe(rows[i - 1].status);
}

/** Fires `n` identical calls at once and tallies the answers. */
async function burst(api: Api, n: number, path: string, body?: unknown) {
  const results = await Promise.all(Array.from({ length: n }, () => api.post(path, body)));
  return results;
}

const tally = (results: { status: number; body: any }[]) => {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = `${r.status}${r.body?.code ? ` ${r.body.code}` : ""}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

async function captureRace(api: Api) {
  const t = await started(api, "bnpl", { capture_now: false });
  expect(t.status).toBe("AUTHORIZED");
  const results = await burst(api, 50, `/v1/transaction/${t.id}/capture`);
  expect(tally(results), t.id).toStrictEqual({ "200": 1, "409 130": 49 });
  for (const r of results.filter((x) => x.status === 409)) {
    expect(r.body.details).toStrictEqual({ status: "SETTLEMENT_REQUESTED", allowed_from: ["AUTHORIZED"] });
  }
  const rows = await history(api, t.id);
  expect(rows.filter((h) => h.status === "SETTLEMENT_REQUESTED")).toHaveLength(1);
  expect(rows.map((h) => h.status)).toStrictEqual(["INITIATED", "AUTHORIZED", "SETTLEMENT_REQUESTED"]);
  expect((await getTx(api, t.id)).status).toBe("SETTLEMENT_REQUESTED");
}

test.describe("concurrent status changes", () => {
  test("50 simultaneous captures of one AUTHORIZED transaction: exactly one wins", async ({ api }) => {
    await captureRace(api);
  });

  test("the same on 10 more transactions", async ({ api }) => {
    test.setTimeout(120_000);
    for (let i = 0; i < 10; i++) await captureRace(api);
  });

  test("captures, voids and cancels racing on one transaction: exactly one of capture/void wins", async ({ api }) => {
    const t = await started(api, "bnpl", { capture_now: false });
    const paths = Array.from({ length: 40 }, (_, i) => ["capture", "void"][i % 2]);
    const results = await Promise.all(paths.map((p) => api.post(`/v1/transaction/${t.id}/${p}`)));
    const wins = results.filter((r) => r.status === 200);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === "130")).toHaveLength(39);
    const rows = await history(api, t.id);
    expect(rows).toHaveLength(3);
    expect(rows[2].status).toBe(wins[0].body.status);
  });
});

test.describe("more races", () => {
  for (const [op, setup, to] of [
    ["void", "AUTHORIZED", "AUTHORIZATION_VOIDED"],
    ["cancel", "SETTLEMENT_REQUESTED", "CANCELLED"],
  ] as const) {
    test(`50 simultaneous ${op} calls: exactly one wins`, async ({ api }) => {
      const t = await dummyIn(api, setup);
      const results = await burst(api, 50, `/v1/transaction/${t.id}/${op}`);
      expect(tally(results)).toStrictEqual({ "200": 1, "409 130": 49 });
      const rows = await history(api, t.id);
      expect(rows.map((h) => h.status)).toStrictEqual(["INITIATED", setup, to]);
    });
  }

  test("a cancel racing the settlement timer (fast server): one of them wins, history stays one chain", async ({
    fastApi,
  }) => {
    const t = await started(fastApi, "bnpl", {});
    const due = Date.parse(t.last_status_update) + 1_500;
    // Keep cancelling around the moment the settlement job becomes due.
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now() - 300)));
    const results: { status: number; body: any }[] = [];
    for (let i = 0; i < 12; i++) {
      results.push(...(await burst(fastApi, 3, `/v1/transaction/${t.id}/cancel`)));
      await new Promise((r) => setTimeout(r, 100));
    }
    const final = await eventually(async () => {
      const x = await getTx(fastApi, t.id);
      return ["CANCELLED", "SETTLEMENT_COMPLETED"].includes(x.status) ? x : undefined;
    });
    const wins = results.filter((r) => r.status === 200);
    expect(wins.length).toBe(final.status === "CANCELLED" ? 1 : 0);
    for (const r of results.filter((r) => r.status !== 200))
      expect([r.status, r.body.code]).toStrictEqual([409, "130"]);
    await new Promise((r) => setTimeout(r, 2_000));
    const rows = await history(fastApi, t.id);
    expectChain(rows);
    expect(rows.map((h) => h.status)).toStrictEqual(["INITIATED", "SETTLEMENT_REQUESTED", final.status]);
    expect((await getTx(fastApi, t.id)).status).toBe(final.status);
  });
});

test.describe("the time of a status change", () => {
  test("a change that waited for another one's row lock is stamped after it, in the answer, the history and the webhook", async ({
    api,
  }) => {
    const t = await dummyIn(api, "AUTHORIZED", { webhook_transaction_update: "https://merchant.invalid/hooks" });
    // Another writer holds the row (as the sandbox does while it applies a result) and commits a
    // change stamped after the void was sent.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    let otherAt: string;
    try {
      await holder.query("begin");
      await holder.query("select 1 from transactions where id = $1 for update", [t.id]);
      const voided = api.post(`/v1/transaction/${t.id}/void`);
      await new Promise((r) => setTimeout(r, 300));
      const [row] = (
        await holder.query(
          `update transactions set "lastStatusUpdate" = date_trunc('milliseconds', clock_timestamp()) where id = $1
           returning to_char("lastStatusUpdate" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
          [t.id],
        )
      ).rows;
      otherAt = row.at;
      await holder.query("commit");
      const res = await voided;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Date.parse(res.body.last_status_update)).toBeGreaterThan(Date.parse(otherAt));
    } finally {
      await holder.end();
    }
    const [last] = (await history(api, t.id)).slice(-1);
    expect(last.status).toBe("AUTHORIZATION_VOIDED");
    expect(Date.parse(last.created_at)).toBeGreaterThan(Date.parse(otherAt));
    const [event] = await sql<{ payload: { status: string; last_status_update: string } }>(
      `select payload from webhook_events where "transactionId" = $1 order by "createdAt" desc limit 1`,
      [t.id],
    );
    expect(event.payload.status).toBe("AUTHORIZATION_VOIDED");
    expect(Date.parse(event.payload.last_status_update)).toBeGreaterThan(Date.parse(otherAt));
  });

  test("changes in quick succession never share or go back in time", async ({ api }) => {
    const t = await dummyIn(api, "AUTHORIZED");
    expect((await api.post(`/v1/transaction/${t.id}/capture`)).status).toBe(200);
    expect((await api.post(`/v1/transaction/${t.id}/cancel`)).status).toBe(200);
    const times = (await history(api, t.id)).map((h) => Date.parse(h.created_at));
    for (let i = 1; i < times.length; i++) expect(times[i], JSON.stringify(times)).toBeGreaterThan(times[i - 1]);
  });
});

test.describe("concurrent refunds", () => {
  test("20 simultaneous refunds of 1/10 of the amount: exactly 10 succeed", async ({ api }) => {
    const t = await dummyIn(api, "SETTLEMENT_COMPLETED");
    const results = await burst(api, 20, `/v1/transaction/${t.id}/refund`, { amount: 100 });
    expect(tally(results)).toStrictEqual({ "201": 10, "400 101": 10 });
    const list = await api.get(`/v1/transaction/${t.id}/refunds`);
    expect(list.body.data).toHaveLength(10);
    expect(list.body.data.reduce((sum: number, r: any) => sum + Number(r.amount), 0)).toBe(1000);
    expect(new Set(list.body.data.map((r: any) => r.id))).toStrictEqual(
      new Set(results.filter((r) => r.status === 201).map((r) => r.body.id)),
    );
  });

  test("refunds of uneven amounts racing never add up to more than the amount", async ({ api }) => {
    const t = await dummyIn(api, "SETTLEMENT_COMPLETED", { amount: 999 });
    const amounts = [400, 300, 250, 200, 150, 100, 99, 50, 1, 333, 333, 333];
    const results = await Promise.all(amounts.map((amount) => api.post(`/v1/transaction/${t.id}/refund`, { amount })));
    for (const r of results) expect([201, 400]).toContain(r.status);
    const list = await api.get(`/v1/transaction/${t.id}/refunds`);
    const total = list.body.data.reduce((sum: number, r: any) => sum + Number(r.amount), 0);
    expect(total).toBeLessThanOrEqual(999);
    expect(list.body.data).toHaveLength(results.filter((r) => r.status === 201).length);
    // The remainder only shrinks, so every refused amount is larger than what is left at the end.
    amounts.forEach((amount, i) => {
      if (results[i].status === 400) {
        expect(results[i].body.code).toBe("101");
        expect(amount).toBeGreaterThan(999 - total);
      }
    });
  });
});

test.describe("concurrent starts (written in shared batches, lib/db/batcher.ts)", () => {
  test("60 starts at once, some naming another merchant's profile or customer: each answered on its own, each stored once", async ({
    api,
    otherApi,
  }) => {
    const customer = await newCustomer(api);
    const foreignCustomer = await newCustomer(otherApi);
    const kinds = Array.from(
      { length: 60 },
      (_, i) => (["bank", "dummy", "profile", "bank", "customer", "dummy"] as const)[i % 6],
    );
    const bodies = kinds.map((k) => {
      if (k === "bank")
        return startBody(api.merchant, customer, "bank_selection", { redirect_url: REDIRECT_URL, issuer: "SBXBNL2A" });
      if (k === "dummy") return startBody(api.merchant, customer, "dummy", { dummy_outcome: "AUTHORIZED" });
      if (k === "profile")
        return startBody(
          api.merchant,
          customer,
          "dummy",
          { dummy_outcome: "AUTHORIZED" },
          {
            payment_profile: otherApi.merchant.payment_profile,
          },
        );
      return startBody(api.merchant, foreignCustomer, "dummy", { dummy_outcome: "AUTHORIZED" });
    });
    const results = await Promise.all(bodies.map((b) => api.post("/v1/transaction/start", b)));

    const stored: { id: string; kind: string; ref: string }[] = [];
    for (const [i, res] of results.entries()) {
      const kind = kinds[i];
      if (kind === "profile") expectNotFound(res, "payment_profile", otherApi.merchant.payment_profile);
      else if (kind === "customer") expectNotFound(res, "customer", foreignCustomer);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.merchant_reference).toBe(bodies[i].merchant_reference);
        expect(res.body.status).toBe(kind === "bank" ? "INITIATED" : "AUTHORIZED");
        if (kind === "bank")
          expect(res.body.details.approval_url).toContain(`/v1/transaction/${res.body.id}/authorize`);
        stored.push({ id: res.body.id, kind, ref: bodies[i].merchant_reference });
      }
    }
    expect(stored).toHaveLength(40);
    expect(new Set(stored.map((s) => s.id)).size).toBe(40);

    // Every answered start is stored once, with its own history, event and approval timer; the
    // refused ones left nothing behind.
    const refs = bodies.map((b) => b.merchant_reference);
    const rows = await sql<{ id: string; ref: string; history: string[]; events: number; timers: number }>(
      `select t.id, t."merchantReference" as ref,
         array(select h."toStatus" from transaction_history h where h."transactionId" = t.id order by h.id) as history,
         (select count(*)::int from webhook_events e where e."transactionId" = t.id) as events,
         (select count(*)::int from graphile_worker._private_jobs j where j.key = 'expire:' || t.id) as timers
       from transactions t where t."merchantReference" = any($1)`,
      [refs],
    );
    expect(rows).toHaveLength(40);
    for (const s of stored) {
      const row = rows.find((r) => r.id === s.id);
      expect(row?.ref, s.id).toBe(s.ref);
      if (s.kind === "bank") expect(row).toMatchObject({ history: ["INITIATED"], events: 0, timers: 1 });
      else expect(row).toMatchObject({ history: ["INITIATED", "AUTHORIZED"], events: 1, timers: 0 });
    }
  });
});

test.describe("concurrent webhook deliveries (their records written in shared batches, lib/webhooks/delivery-sql.ts)", () => {
  test("40 status changes at once: each delivered once, signed, and recorded as delivered with its one attempt", async ({
    request,
    merchant,
  }) => {
    const receiver = await Receiver.start("ok");
    try {
      const ts = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          startDummy(request, merchant, { outcome: i % 2 ? "AUTHORIZED" : "DECLINED", webhookUrl: receiver.url() }),
        ),
      );
      const ids = ts.map((t) => t.id);
      await receiver.waitForCount(40);
      for (const d of receiver.deliveries) {
        const body = verifyDelivery(d, merchant.webhook_secret) as { id: string };
        expect(ids).toContain(body.id);
      }
      const rows = await eventually(
        async () => {
          const r = await sql<{
            id: string;
            status: string;
            delivered: boolean;
            attempts: { n: number; code: number }[];
          }>(
            `select t.id, e.status, e."deliveredAt" is not null as delivered,
               coalesce((select json_agg(json_build_object('n', a."attemptNumber", 'code', a."statusCode"))
                 from webhook_attempts a where a."eventId" = e.id), '[]') as attempts
             from transactions t join webhook_events e on e."transactionId" = t.id
             where t.id = any($1::uuid[])`,
            [ids],
          );
          return r.length === 40 && r.every((x) => x.status === "delivered") ? r : undefined;
        },
        { timeout: 15_000, interval: 100 },
      );
      for (const r of rows) expect(r, r.id).toMatchObject({ delivered: true, attempts: [{ n: 1, code: 200 }] });
      expect(new Set(receiver.deliveries.map((d) => d.headers["webhook-id"])).size).toBe(40);
    } finally {
      await receiver.close();
    }
  });
});
