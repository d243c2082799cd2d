import { expect, test } from "../fixtures";

// The two routes the other specs do not call; every answer here is also checked against the
// served document by the request fixture (e2e/contract.ts).
test("GET /v1/openapi.json needs no key and describes every /v1 route the specs call", async ({ request }) => {
  const res = await request.get("/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toContain("/v1/transaction/start");
  expect(Object.keys(doc.components.securitySchemes)).toEqual(["apiKey", "bearer"]);
});

test("GET /v1/issuers: the list, a product without issuers, and a bad query", async ({ api }) => {
  const banks = await api.get("/v1/issuers?payment_product=bank_selection");
  expect(banks.status).toBe(200);
  expect(banks.body.data.length).toBeGreaterThan(0);
  expect((await api.get("/v1/issuers?payment_product=card")).body).toEqual({ data: [] });
  const bad = await api.get("/v1/issuers?payment_product=nope");
  expect([bad.status, bad.body.code]).toEqual([400, "101"]);
  expect((await api.get("/v1/issuers?payment_product=card", { key: null })).status).toBe(401);
});
