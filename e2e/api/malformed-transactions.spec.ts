import { customerBody } from "../fixtures";
import {
  dayFromToday,
  expect,
  newCustomer,
  PRODUCTS,
  REDIRECT_URL,
  seedCardToken,
  seedMandate,
  startBody,
  test,
} from "../transactions";

/** Deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -0,
  2147483648,
  1_000_000_000,
  "",
  " ",
  "\u0000",
  "\ud800",
  "😀".repeat(50),
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "x".repeat(5000),
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  "NaN",
  "__proto__",
  "9999-12-31",
  "0000-01-01",
  "2026-02-30",
  "-200000-01-01",
  "DE89370400440532013000",
  "INITIATED",
  "SETTLEMENT_COMPLETED",
  "checking",
  "https://shop.example",
  "javascript:alert(1)",
  "3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01",
  "00000000-0000-0000-0000-000000000000",
  [{}],
  [{ account_number: 1 }],
  [{ account_number: "DE89370400440532013000", country_code: "DE", holder_name: "x".repeat(71) }],
  { k: "x".repeat(2000) },
  { "": "" },
  "12",
  13,
  2101,
  "Müller & Söhne",
  "ÄÖÜäöüß".repeat(10),
];

const TOP_FIELDS = [
  "payment_profile",
  "amount",
  "customer",
  "customer_ip",
  "dynamic_descriptor",
  "merchant_reference",
  "payment_product",
  "user_agent",
  "details",
  "webhook_transaction_update",
  "__proto__",
  "constructor",
  "",
  "status",
  "id",
];
const DETAIL_FIELDS = [
  "checkout_id",
  "merchant_data",
  "redirect_url",
  "capture_now",
  "card_holder",
  "card_token",
  "card_cvv",
  "card_expiry_month",
  "card_expiry_year",
  "force_3DSecure",
  "origin",
  "redirect_parent_function",
  "skip_fraud_check",
  "token_data",
  "dummy_outcome",
  "dummy_outcome_update",
  "account_type",
  "bank_account",
  "check_number",
  "order_source",
  "type",
  "provider_id",
  "issuer",
  "description",
  "pix_name",
  "pix_document_id",
  "pix_key",
  "sender",
  "mandate",
  "sepa_due_date",
  "bank",
  "approval_url",
  "mandate_reused",
  "__proto__",
  "constructor",
];

type Ctx = { profile: string; customer: string; cardToken: string; mandate: string };

/** Valid details for each product, so a single weird value reaches the deeper checks. */
function validDetails(product: string, ctx: Ctx): Record<string, unknown> {
  const r = { redirect_url: REDIRECT_URL };
  switch (product) {
    case "card":
      return {
        card_holder: "Ada",
        card_token: ctx.cardToken,
        card_cvv: "123",
        card_expiry_month: 12,
        card_expiry_year: 2030,
      };
    case "direct_debit":
      return { account_type: "checking", bank_account: "ba_1", type: "single" };
    case "finance_provider":
      return { ...r, provider_id: "p1" };
    case "bank_selection":
      return { ...r, issuer: "SBXBNL2A" };
    case "bnpl":
      return { capture_now: true };
    case "instant_payment":
      return { ...r, pix_name: "Maria", pix_document_id: "52998224725" };
    case "sepa":
      return { mandate: ctx.mandate, sepa_due_date: dayFromToday(1) };
    case "bank_initiated":
      return { ...r, bank: "b1" };
    case "dummy":
      return { dummy_outcome: "AUTHORIZED", dummy_outcome_update: "SETTLEMENT_REQUESTED" };
    default:
      return r;
  }
}

function malformedBodies(count: number, ctx: Ctx): { body: Buffer; type: string }[] {
  const rand = rng(20261123);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const json = (v: unknown, type = "application/json") => ({ body: Buffer.from(JSON.stringify(v), "utf8"), type });
  const valid = () => {
    const product = pick(PRODUCTS);
    return {
      ...startBody(
        { organisation: "", payment_profile: ctx.profile, api_key: "", webhook_secret: "" },
        ctx.customer,
        product,
        validDetails(product, ctx),
      ),
    } as Record<string, any>;
  };
  const out: { body: Buffer; type: string }[] = [];
  while (out.length < count) {
    const kind = out.length % 9;
    if (kind === 8) {
      // an untouched valid body now and then, so the weird values around it reach every processor's start
      out.push(json(valid()));
    } else if (kind === 0) {
      // a valid body with one to four top-level fields replaced by weird values
      const b = valid();
      for (let i = 0; i < 1 + Math.floor(rand() * 4); i++) b[pick(TOP_FIELDS)] = pick(WEIRD_VALUES);
      out.push(json(b));
    } else if (kind === 1 || kind === 2) {
      // a valid body with one to three details fields replaced by weird values
      const b = valid();
      for (let i = 0; i < 1 + Math.floor(rand() * 3); i++) b.details[pick(DETAIL_FIELDS)] = pick(WEIRD_VALUES);
      out.push(json(b));
    } else if (kind === 3) {
      // an inline customer with weird values
      const b = valid();
      const c: Record<string, unknown> = customerBody();
      for (let i = 0; i < 1 + Math.floor(rand() * 3); i++)
        c[pick(Object.keys(c).concat(["organisation", "id", "__proto__"]))] = pick(WEIRD_VALUES);
      b.customer = rand() < 0.2 ? pick(WEIRD_VALUES) : c;
      out.push(json(b));
    } else if (kind === 4) {
      // truncated JSON
      const s = JSON.stringify(valid());
      out.push({ body: Buffer.from(s.slice(0, Math.floor(rand() * s.length)), "utf8"), type: "application/json" });
    } else if (kind === 5) {
      // random bytes, including invalid UTF-8
      const bytes = Array.from({ length: 1 + Math.floor(rand() * 200) }, () => Math.floor(rand() * 256));
      out.push({ body: Buffer.from(bytes), type: pick(["application/json", "text/plain", ""]) });
    } else if (kind === 6) {
      // deep nesting inside details or customer, or odd top-level JSON
      if (rand() < 0.6) {
        const depth = 10 + Math.floor(rand() * 3000);
        const s = JSON.stringify(valid()).replace(
          /"details":\{/,
          `"details":{"merchant_data":${"[".repeat(depth)}${"]".repeat(depth)},`,
        );
        out.push({ body: Buffer.from(s, "utf8"), type: "application/json" });
      } else {
        out.push({
          body: Buffer.from(
            pick([
              "[]",
              "null",
              "true",
              "1e999",
              '""',
              "[{}]",
              "{}",
              '{"":""}',
              '{"amount":1,"amount":2}',
              '{"details":null}',
            ]),
          ),
          type: "application/json",
        });
      }
    } else {
      // every field a random weird value
      const b: Record<string, unknown> = {};
      for (const f of TOP_FIELDS) if (rand() < 0.5) b[f] = pick(WEIRD_VALUES);
      if (rand() < 0.5)
        b.details = Object.fromEntries(DETAIL_FIELDS.filter(() => rand() < 0.3).map((f) => [f, pick(WEIRD_VALUES)]));
      out.push(json(b, pick(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON"])));
    }
  }
  return out;
}

test("a sweep of 360 generated transaction start bodies never yields a 5xx", async ({ api, merchant }) => {
  test.setTimeout(180_000);
  const customer = await newCustomer(api);
  const ctx: Ctx = {
    profile: merchant.payment_profile,
    customer,
    cardToken: (await seedCardToken(merchant.organisation)).token,
    mandate: await seedMandate(merchant.organisation, customer),
  };
  const bodies = malformedBodies(360, ctx);
  const results: { i: number; status: number; code?: string; body: unknown }[] = [];
  for (let i = 0; i < bodies.length; i += 8) {
    const batch = bodies.slice(i, i + 8);
    results.push(
      ...(await Promise.all(
        batch.map(async ({ body, type }, j) => {
          const res = await api.raw("POST", "/v1/transaction/start", body, type ? { "content-type": type } : {});
          return { i: i + j, status: res.status, code: res.body?.code, body: res.body };
        }),
      )),
    );
  }
  const serverErrors = results
    .filter((r) => r.status >= 500)
    .map((r) => ({ ...r, sent: bodies[r.i].body.toString("utf8").slice(0, 300) }));
  expect(serverErrors).toEqual([]);
  // every refusal is the spec's error object with a known client-error code
  for (const r of results.filter((r) => r.status >= 400))
    expect(["100", "101", "102", "120"], JSON.stringify(r.body)).toContain(r.code);
  for (const r of results.filter((r) => r.status < 400)) expect(r.status).toBe(201);
  // the sweep reaches several outcomes, not one rule that rejects everything
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.code ?? String(r.status)] = (counts[r.code ?? String(r.status)] ?? 0) + 1;
  test.info().annotations.push({ type: "outcomes", description: JSON.stringify(counts) });
  const outcomes = new Set(Object.keys(counts));
  expect([...outcomes].sort()).toEqual(expect.arrayContaining(["100", "101"]));
  expect(outcomes.size).toBeGreaterThanOrEqual(3);
});
