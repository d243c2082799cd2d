import { randomUUID } from "node:crypto";
import { Api, createMerchant, customerBody, eventually, expect, test } from "../fixtures";
import { MISSING_ID, newCustomer, seedCardToken, sql, startBody } from "../transactions";

// The request log (issue 15 item 6): every /v1 response carries a Request-Id; an authenticated
// request's id finds its entry (written off the hot path, so within about a second), with bodies
// redacted. Runs against the production server and the plain `next start` mount (playwright.config.ts).

const REQUEST_ID = /^req_[0-9a-f]{24}$/;

type Row = {
  organisationId: string;
  requestId: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  createdAt: Date;
  requestBody: any;
  responseBody: any;
};

/** The log entry of a Request-Id, once the buffer has been flushed. */
const entry = (requestId: string) =>
  eventually(async () => (await sql<Row>(`select * from request_log where "requestId" = $1`, [requestId]))[0], {
    timeout: 10_000,
    interval: 100,
  });

test("every /v1 response carries a fresh Request-Id, errors included; one sent by the client is ignored", async ({
  api,
}) => {
  const calls = [
    await api.post("/v1/customer", customerBody()), // 201
    await api.get(`/v1/transaction/${MISSING_ID}`), // 404 of an endpoint
    await api.get("/v1/no-such-endpoint"), // 404 of no route
    await api.raw("DELETE", "/v1/transaction", undefined, {}), // 405
    await api.raw("OPTIONS", "/v1/transaction", undefined, {}), // 204
    await api.post("/v1/customer", { first_name: 7 }), // 400
    await api.get("/v1/transaction", { key: null }), // 401, no key
    await api.get("/v1/transaction", { key: `sk_test_${"0".repeat(32)}` }), // 401, unknown key
    await api.get("/v1/openapi.json", { key: null }), // the document, no key
    await api.get("/v1/transaction?limit=1", { headers: { "Request-Id": "req_chosen_by_the_client" } }),
  ];
  expect(calls.map((c) => c.status)).toEqual([201, 404, 404, 405, 204, 400, 401, 401, 200, 200]);
  const ids = calls.map((c) => c.headers["request-id"]);
  for (const id of ids) expect(id).toMatch(REQUEST_ID);
  expect(new Set(ids).size).toBe(ids.length);
});

test("a response's Request-Id finds its entry: method, path, query, status, duration, bodies", async ({ api }) => {
  const before = Date.now();
  const body = customerBody();
  const created = await api.post("/v1/customer", body);
  expect(created.status).toBe(201);
  const row = await entry(created.headers["request-id"]);
  expect(row).toMatchObject({
    organisationId: api.merchant.organisation,
    method: "POST",
    path: "/v1/customer",
    query: "",
    status: 201,
  });
  expect(row.durationMs).toBeGreaterThanOrEqual(0);
  expect(row.durationMs).toBeLessThan(30_000);
  expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  expect(row.requestBody.email_address).toBe(body.email_address);
  expect(row.responseBody.id).toBe(created.body.id);

  // An error answer of an authenticated request is logged too, with its query string.
  const missing = await api.get(`/v1/transaction/${MISSING_ID}?expand=none`);
  expect(missing.status).toBe(404);
  const missingRow = await entry(missing.headers["request-id"]);
  expect(missingRow).toMatchObject({ method: "GET", status: 404, query: "expand=none", requestBody: null });
  expect(missingRow.responseBody.code).toBe(missing.body.code);

  // Unauthenticated requests belong to no organisation: not logged (checked after a later entry arrived).
  const anonymous = await api.get("/v1/transaction", { key: null });
  const later = await api.get("/v1/issuers");
  await entry(later.headers["request-id"]);
  expect(await sql(`select 1 from request_log where "requestId" = $1`, [anonymous.headers["request-id"]])).toEqual([]);
});

test("a card start's logged bodies hold no card number and no CVC; secrets are redacted", async ({ request }) => {
  // A merchant of its own: the webhook secret is rotated below.
  const api = new Api(request, createMerchant(`Request log ${randomUUID().slice(0, 8)}`));
  const pan = "378282246310005";
  const card = await seedCardToken(api.merchant.organisation, { number: pan });
  const customer = await newCustomer(api);
  const res = await api.post(
    "/v1/transaction/start",
    startBody(api.merchant, customer, "card", {
      card_holder: card.holder,
      card_token: card.token,
      card_cvv: "8461",
      card_expiry_month: card.month,
      card_expiry_year: card.year,
      skip_fraud_check: true,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // A card number where none belongs is caught by its value.
  const stray = await api.post("/v1/customer", customerBody({ first_name: `Card ${pan}` }));
  const rotated = await api.post(`/v1/payment-profile/${api.merchant.payment_profile}/webhook-secret/rotate`, {});
  expect(rotated.status).toBe(200);
  const secret: string = rotated.body.webhook_secret;
  expect(secret).toMatch(/^whsec_/);

  const rows = await Promise.all([res, stray, rotated].map((c) => entry(c.headers["request-id"])));
  const [startRow, strayRow, rotateRow] = rows;
  expect(startRow.requestBody.details).toMatchObject({ card_cvv: "[redacted]", card_token: "[redacted]" });
  expect(startRow.requestBody.details.card_holder).toBe(card.holder);
  expect(startRow.responseBody.id).toBe(res.body.id);
  expect(rotateRow.responseBody.webhook_secret).toBe("[redacted]");
  for (const row of rows) {
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(pan);
    expect(stored).not.toContain("8461");
    expect(stored).not.toContain(card.token);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(api.merchant.api_key);
    expect(stored).not.toContain(api.merchant.webhook_secret);
  }
  if (stray.status === 201) expect(strayRow.requestBody.first_name).toBe("Card [redacted card number]");
});

test("the log keeps the last 1,000 requests of an organisation", async ({ request }) => {
  const api = new Api(request, createMerchant(`Request log trim ${randomUUID().slice(0, 8)}`));
  const organisation = api.merchant.organisation;
  // 1,050 older entries, seeded in one statement.
  await sql(
    `insert into request_log ("organisationId", "requestId", method, path, status, "durationMs")
     select $1, 'req_' || lpad(to_hex(i), 24, '0'), 'GET', '/v1/issuers', 200, 1 from generate_series(1, 1050) i`,
    [organisation],
  );
  const res = await api.get("/v1/issuers");
  await entry(res.headers["request-id"]);
  await expect
    .poll(async () =>
      Number((await sql(`select count(*) from request_log where "organisationId" = $1`, [organisation]))[0].count),
    )
    .toBe(1_000);
  // The newest stayed, the oldest went.
  expect(await sql(`select 1 from request_log where "requestId" = $1`, [res.headers["request-id"]])).toHaveLength(1);
  expect(await sql(`select 1 from request_log where "requestId" = $1`, [`req_${"1".padStart(24, "0")}`])).toEqual([]);
});
