import { randomUUID } from "node:crypto";
import pg from "pg";
import { detectBrand } from "../lib/processors/card/rules";
import { encryptCardNumber, generateCardToken } from "../lib/processors/card/vault";
import { contractChecked } from "./contract";
import { Api, customerBody, eventually, expect, FAST_URL, test as base, type ApiCall, type Merchant } from "./fixtures";

/** The shared fixtures plus `fastApi`: the same merchant, talking to the server with short timers. */
export const test = base.extend<{ fastApi: Api }>({
  fastApi: async ({ playwright, merchant }, use) => {
    const ctx = await playwright.request.newContext({ baseURL: FAST_URL });
    await use(new Api(contractChecked(ctx), merchant));
    await ctx.dispose();
  },
});

export { expect };

// The black-box tests share only the product vocabulary with the service.
export { PAYMENT_PRODUCTS as PRODUCTS, type ProductId as Product } from "../lib/domain/products";

export const REDIRECT_URL = "https://shop.example/return?order=42";
export const WEBHOOK_URL = "https://merchant.invalid/hooks/transactions";
export const MISSING_ID = "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01";

/** A merchant_reference no other test uses (tests share a merchant per worker). */
export const uniqueRef = (label = "ref") => `e2e-${label}-${randomUUID()}`;

export async function newCustomer(api: Api): Promise<string> {
  const res = await api.post("/v1/customer", customerBody());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A full start body: every top-level field of the spec (4.2) set. */
export function startBody(
  merchant: Merchant,
  customer: unknown,
  product: string,
  details: unknown,
  overrides: Record<string, unknown> = {},
) {
  return {
    payment_profile: merchant.payment_profile,
    amount: 1000,
    customer,
    customer_ip: "203.0.113.7",
    dynamic_descriptor: "Order 42",
    merchant_reference: uniqueRef(product),
    payment_product: product,
    user_agent: "Mozilla/5.0 (X11; Linux x86_64) PayrailE2E/1.0",
    details,
    webhook_transaction_update: WEBHOOK_URL,
    ...overrides,
  };
}

/**
 * The start answers INITIATED (spec 4.2); a server-to-server result (no approval_url) follows right
 * after through the job queue. For tests about what comes next: the transaction once its result is
 * there. The start's own answer is tested in transactions.spec.ts.
 */
export async function settled<T extends { id: string; status: string; details?: Record<string, unknown> }>(
  api: Api,
  t: T,
): Promise<T> {
  if (t.status !== "INITIATED" || t.details?.approval_url) return t;
  return eventually(async () => {
    const now = (await api.get(`/v1/transaction/${t.id}`)).body as T;
    return now.status !== "INITIATED" ? now : undefined;
  });
}

/**
 * Starts a transaction (a new customer unless `customer` is given in overrides) and returns the
 * answer (a server-to-server one with its result, see `settled`) plus the body sent.
 */
export async function start(api: Api, product: string, details: unknown, overrides: Record<string, unknown> = {}) {
  const customer = "customer" in overrides ? overrides.customer : await newCustomer(api);
  const body = startBody(api.merchant, customer, product, details, overrides);
  const res = await api.post("/v1/transaction/start", body);
  if (res.status === 201) res.body = await settled(api, res.body);
  return { res, body };
}

/** Starts a transaction that must succeed; returns the transaction object. */
export async function started(api: Api, product: string, details: unknown, overrides: Record<string, unknown> = {}) {
  const { res } = await start(api, product, details, overrides);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** dummy with `dummy_outcome`: a transaction in any status, at once. */
export const dummyIn = (
  api: Api,
  status: string,
  overrides: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
) => started(api, "dummy", { dummy_outcome: status, ...details }, overrides);

export async function getTx(api: Api, id: string) {
  const res = await api.get(`/v1/transaction/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function history(api: Api, id: string): Promise<any[]> {
  const res = await api.get(`/v1/transaction/${id}/history`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function listByRef(api: Api, ref: string): Promise<any[]> {
  const res = await api.get(`/v1/transaction?merchant_reference=${encodeURIComponent(ref)}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Asserts the spec's validation error naming exactly these fields (values: exact reasons or matchers). */
export function expectInvalid(res: ApiCall, fields: Record<string, unknown>, resource = "transaction") {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toStrictEqual({
    code: "101",
    message: expect.any(String),
    details: { resource, invalid_fields: fields },
  });
}

export function expectNotFound(res: ApiCall, resource: string, id: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body).toStrictEqual({
    code: "120",
    message: `No ${resource} with id ${JSON.stringify(id)}.`,
    details: { resource, id },
  });
}

export function expectConflict(res: ApiCall, status: string, allowedFrom: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toStrictEqual({
    code: "130",
    message: expect.any(String),
    details: { status, allowed_from: allowedFrom },
  });
}

/** Runs SQL against the database of the servers under test (scripts/with-db.mjs sets DATABASE_URL). */
export async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A vaulted card of `organisation`, sealed with the service's own vault code and key (the key is
 * in the test data folder shared with the servers). Seeded directly so expiries in the past, which
 * the card page refuses to vault, can be tested too.
 */
export async function seedCardToken(
  organisation: string,
  {
    month = 12,
    year = 2030,
    holder = "Ada Lovelace",
    number = "4242424242424242",
  }: { month?: number; year?: number; holder?: string; number?: string } = {},
) {
  const token = generateCardToken();
  await sql(
    `insert into card_tokens (id, "organisationId", token, "encryptedNumber", bin, "lastFour", brand, "expiryMonth", "expiryYear", holder)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      organisation,
      token,
      encryptCardNumber(number, token),
      number.slice(0, 6),
      number.slice(-4),
      detectBrand(number),
      month,
      year,
      holder,
    ],
  );
  return { token, month, year, holder };
}

/** A signed SEPA mandate between a customer and an organisation. */
export async function seedMandate(
  organisation: string,
  customer: string,
  {
    revoked = false,
    reference = `E2E-${randomUUID().slice(0, 8)}`,
    createdAt = new Date(),
  }: { revoked?: boolean; reference?: string; createdAt?: Date } = {},
) {
  await sql(
    `insert into sepa_mandates (id, "organisationId", "customerId", reference, iban, bic, "holderName", "createdAt", "revokedAt")
     values ($1, $2, $3, $4, 'DE89370400440532013000', 'COBADEFFXXX', 'Ada Lovelace', $5, $6)`,
    [randomUUID(), organisation, customer, reference, createdAt, revoked ? new Date() : null],
  );
  return reference;
}

/** Today + n days, UTC, as YYYY-MM-DD. */
export const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
