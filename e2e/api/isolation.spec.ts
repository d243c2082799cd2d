import type { Api } from "../fixtures";
import { dummyIn, expect, expectNotFound, getTx, history, MISSING_ID, started, test } from "../transactions";

type Route = {
  name: string;
  method: "GET" | "POST";
  path: (id: string) => string;
  body?: unknown /** the status in which the call would succeed for the owner */;
  status: string;
};

const ROUTES: Route[] = [
  { name: "GET transaction", method: "GET", path: (id) => `/v1/transaction/${id}`, status: "AUTHORIZED" },
  {
    name: "GET checkoutsuccess",
    method: "GET",
    path: (id) => `/v1/transaction/${id}/checkoutsuccess`,
    status: "AUTHORIZED",
  },
  { name: "GET history", method: "GET", path: (id) => `/v1/transaction/${id}/history`, status: "AUTHORIZED" },
  { name: "GET refunds", method: "GET", path: (id) => `/v1/transaction/${id}/refunds`, status: "SETTLEMENT_COMPLETED" },
  {
    name: "POST capture",
    method: "POST",
    path: (id) => `/v1/transaction/${id}/capture`,
    body: { amount: 500 },
    status: "AUTHORIZED",
  },
  { name: "POST void", method: "POST", path: (id) => `/v1/transaction/${id}/void`, status: "AUTHORIZED" },
  { name: "POST cancel", method: "POST", path: (id) => `/v1/transaction/${id}/cancel`, status: "SETTLEMENT_REQUESTED" },
  {
    name: "POST refund",
    method: "POST",
    path: (id) => `/v1/transaction/${id}/refund`,
    body: { amount: 100 },
    status: "SETTLEMENT_COMPLETED",
  },
];

const call = (api: Api, route: Route, id: string) =>
  route.method === "GET" ? api.get(route.path(id)) : api.post(route.path(id), route.body);

test.describe("another organisation's transaction is exactly a missing one (404 120)", () => {
  for (const route of ROUTES) {
    test(`${route.name}`, async ({ api, otherApi }) => {
      const t = await dummyIn(api, route.status);
      const historyBefore = await history(api, t.id);

      const foreign = await call(otherApi, route, t.id);
      const missing = await call(otherApi, route, MISSING_ID);
      expectNotFound(foreign, "transaction", t.id);
      expectNotFound(missing, "transaction", MISSING_ID);
      expect(foreign.body.message.replace(t.id, "ID")).toBe(missing.body.message.replace(MISSING_ID, "ID"));
      expect(foreign.headers["content-type"]).toBe(missing.headers["content-type"]);

      // Nothing changed for the owner, and the owner still can do it.
      const after = await getTx(api, t.id);
      expect([after.status, after.last_status_update]).toStrictEqual([t.status, t.last_status_update]);
      expect(await history(api, t.id)).toStrictEqual(historyBefore);
      expect((await api.get(`/v1/transaction/${t.id}/refunds`)).body).toStrictEqual({ data: [] });
      const own = await call(api, route, t.id);
      expect(own.status, JSON.stringify(own.body)).toBeLessThan(300);
    });
  }

  test("another organisation never sees the transaction in its list", async ({ api, otherApi }) => {
    const t = await started(api, "bnpl", {});
    const res = await otherApi.get(`/v1/transaction?merchant_reference=${encodeURIComponent(t.merchant_reference)}`);
    expect(res.body.data).toStrictEqual([]);
    const page = await otherApi.get(`/v1/transaction?limit=100`);
    expect(page.body.data.map((x: any) => x.id)).not.toContain(t.id);
  });
});

const MALFORMED_IDS = [
  "abc",
  "123",
  "%27%20or%201%3D1",
  "00000000-0000-0000-0000-00000000000g",
  "3f1c1b8e8a554d7e9d5c2f1e4b9a7c01",
  "{3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01}",
  "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01x",
  "x".repeat(2000),
  "%E2%82%AC",
  "%00",
  "null",
];

test.describe("a malformed id is not found (120), never a 5xx", () => {
  for (const route of ROUTES) {
    test(`${route.name}`, async ({ api }) => {
      for (const id of MALFORMED_IDS) {
        const res = await call(api, route, id);
        expect(res.status, `${route.name} ${id.slice(0, 40)}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.code).toBe("120");
        expect(res.body.details.resource).toBe("transaction");
      }
    });
  }
});
