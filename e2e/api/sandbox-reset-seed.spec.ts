import { STATUSES as ALL_STATUSES } from "../../lib/domain/statuses";
import { execFileSync } from "node:child_process";
import { Api, createMerchant, customerBody, expect, test } from "../fixtures";
import { expectNotFound } from "../transactions";
import { startDummy } from "../webhooks";

const STATUSES = ALL_STATUSES;

// Enough for every product and status; kept moderate because the test shares the database with
// the rest of the suite (10,000 took 11-16 s on the shared, heavily loaded 2-core test machine).
const SEEDED = 3_000;

function seed(organisation: string, n: number) {
  const out = execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/merchant.ts", "seed", "--organisation", organisation, "--transactions", String(n)],
    {
      encoding: "utf8",
    },
  );
  return JSON.parse(out.trim());
}

test("seed: realistic history over 30 days, every product and status; then reset empties it", async ({
  request,
  otherApi,
}) => {
  test.setTimeout(120_000);
  const m = createMerchant("Seed and reset", "https://merchant.example/hooks");
  const api = new Api(request, m);
  const t0 = Date.now();
  const result = seed(m.organisation, SEEDED);
  const seconds = (Date.now() - t0) / 1000;
  expect(result).toMatchObject({ organisation: m.organisation, transactions: SEEDED });
  test.info().annotations.push({
    type: "seed",
    description: `${SEEDED} transactions in ${seconds} s (${result.ms} ms in the service)`,
  });
  expect(seconds, `seeding took ${seconds} s`).toBeLessThan(60);

  for (const product of ["card", "sepa", "instant_payment", "bnpl", "dummy", "bank_initiated"]) {
    const page = await api.get(`/v1/transaction?payment_product=${product}&limit=1`);
    expect(page.body.data, product).toHaveLength(1);
  }
  for (const status of STATUSES) {
    const page = await api.get(`/v1/transaction?status=${status}&limit=1`);
    expect(page.body.data, status).toHaveLength(1);
  }
  const oldest = await api.get("/v1/transaction?limit=100");
  expect(oldest.status).toBe(200);
  const someTx = oldest.body.data[0];
  const h = await api.get(`/v1/transaction/${someTx.id}/history`);
  expect(h.body.data[0]).toMatchObject({ status: "INITIATED" });
  expect(h.body.data.at(-1).status).toBe(someTx.status);
  const events = await api.get("/v1/events?delivery_status=delivered&limit=1");
  expect(events.body.data[0].attempts[0]).toMatchObject({ status_code: 200 });

  // another organisation's data survives a reset
  const foreign = await startDummy(request, otherApi.merchant, { outcome: "DECLINED" });
  const own = await startDummy(request, m, { outcome: "DECLINED" });
  const customer = await api.post("/v1/customer", customerBody());
  const reset = await api.post("/v1/test/reset");
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  expect(reset.body.deleted).toMatchObject({
    transactions: SEEDED + 1,
    customers: result.customers + 2,
    events: result.events + 1,
    attempts: expect.any(Number),
    mandates: 0,
    idempotency_keys: 0,
  });
  expectNotFound(await api.get(`/v1/transaction/${own.id}`), "transaction", own.id);
  expectNotFound(await api.get(`/v1/customer/${customer.body.id}`), "customer", customer.body.id);
  expect((await api.get("/v1/transaction")).body.data).toEqual([]);
  expect((await api.get("/v1/events")).body.data).toEqual([]);
  expect((await otherApi.get(`/v1/transaction/${foreign.id}`)).status).toBe(200);
  // profile and key stay: the same key works and the profile still takes payments
  expect((await api.get(`/v1/payment-profile/${m.payment_profile}`)).body.webhook_transaction_update).toBe(
    "https://merchant.example/hooks",
  );
  await startDummy(request, m, { outcome: "DECLINED" });
  expect((await api.post("/v1/test/reset", {})).body.deleted.transactions).toBe(1);
  expect((await api.post("/v1/test/reset", { all: true })).status).toBe(400);
});

test("seed refuses an unknown organisation", async () => {
  let err: any;
  try {
    seed("3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", 5);
  } catch (e) {
    err = e;
  }
  expect(err?.status).toBe(1);
  expect(String(err?.stderr)).toContain("error 120");
});
