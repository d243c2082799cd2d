import { STATUSES as ALL_STATUSES } from "../../lib/domain/statuses";
import { customerBody, eventually, ISO_MS, UUID, type Merchant } from "../fixtures";
import {
  dayFromToday,
  expect,
  expectInvalid,
  expectNotFound,
  getTx,
  history,
  listByRef,
  MISSING_ID,
  newCustomer,
  PRODUCTS,
  REDIRECT_URL,
  seedCardToken,
  seedMandate,
  sql,
  start,
  startBody,
  started,
  test,
  uniqueRef,
  WEBHOOK_URL,
  type Product,
} from "../transactions";

const COMMON = { checkout_id: "chk_42", merchant_data: { order: "42", channel: "web" } };

type HappyCase = {
  name: string;
  product: Product;
  /** The request's details (may seed what they refer to). */
  details: (merchant: Merchant) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** `details` of the response, without approval_url. */
  echo: (sent: Record<string, unknown>) => Record<string, unknown>;
  approval: boolean;
  status: string;
  statusReason?: string;
  extra?: Record<string, string>;
};

const without = (o: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const HAPPY: HappyCase[] = [
  {
    name: "card on the hosted page (iFrame)",
    product: "card",
    details: () => ({
      ...COMMON,
      redirect_url: REDIRECT_URL,
      origin: "https://shop.example",
      redirect_parent_function: "payrailRedirect",
      force_3DSecure: true,
    }),
    echo: (d) => ({ ...d, capture_now: true, skip_fraud_check: false }),
    approval: true,
    status: "INITIATED",
  },
  {
    name: "card with a card token (server to server)",
    product: "card",
    details: async (m) => {
      // American Express: its security code has 4 digits.
      const card = await seedCardToken(m.organisation, { number: "378282246310005" });
      return {
        ...COMMON,
        card_holder: card.holder,
        card_token: card.token,
        card_cvv: "9173",
        card_expiry_month: card.month,
        card_expiry_year: card.year,
        skip_fraud_check: true,
      };
    },
    echo: (d) => ({ ...without(d, "card_cvv"), capture_now: true, card_brand: "amex", card_last_four: "0005" }),
    approval: false,
    status: "SETTLEMENT_REQUESTED",
    statusReason: "Approved",
  },
  ...(["mobile_wallet_a", "mobile_wallet_b"] as const).flatMap((product): HappyCase[] => [
    {
      name: `${product} approved in the wallet`,
      product,
      details: () => ({ ...COMMON, redirect_url: REDIRECT_URL }),
      echo: (d) => ({ ...d, capture_now: true }),
      approval: true,
      status: "INITIATED",
    },
    {
      name: `${product} with token_data (server to server, authorise only)`,
      product,
      details: () => ({ ...COMMON, token_data: "eyJ3YWxsZXQiOiJ0b2tlbiJ9", capture_now: false }),
      echo: (d) => without(d, "token_data"),
      approval: false,
      status: "AUTHORIZED",
    },
  ]),
  ...(["debit_card_redirect", "instalment_credit", "prepaid_voucher"] as const).map(
    (product): HappyCase => ({
      name: product,
      product,
      details: () => ({ ...COMMON, redirect_url: REDIRECT_URL }),
      echo: (d) => d,
      approval: true,
      status: "INITIATED",
    }),
  ),
  {
    name: "dummy with the outcome picked on its page",
    product: "dummy",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL, dummy_outcome_update: "SETTLEMENT_COMPLETED" }),
    // Spec 2.3: the response's details carry the dummy's issuer.
    echo: (d) => ({ ...d, issuer: "SBXDUMMY" }),
    approval: true,
    status: "INITIATED",
  },
  {
    name: "dummy with dummy_outcome",
    product: "dummy",
    details: () => ({ ...COMMON, dummy_outcome: "DECLINED" }),
    echo: (d) => ({ ...d, issuer: "SBXDUMMY" }),
    approval: false,
    status: "DECLINED",
    statusReason: "Set by dummy_outcome",
  },
  {
    name: "direct_debit",
    product: "direct_debit",
    details: () => ({
      ...COMMON,
      account_type: "checking",
      bank_account: "ba_Sandbox-01",
      check_number: "1001",
      order_source: "ecommerce",
      type: "single",
    }),
    echo: (d) => d,
    approval: false,
    status: "SETTLEMENT_REQUESTED",
  },
  {
    name: "finance_provider",
    product: "finance_provider",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL, provider_id: "provider-7" }),
    echo: (d) => d,
    approval: true,
    status: "INITIATED",
  },
  {
    name: "bank_selection",
    product: "bank_selection",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL, issuer: "SBXBNL2A" }),
    echo: (d) => d,
    approval: true,
    status: "INITIATED",
  },
  {
    name: "bnpl",
    product: "bnpl",
    details: () => ({ ...COMMON }),
    echo: (d) => ({ ...d, capture_now: true }),
    approval: false,
    status: "SETTLEMENT_REQUESTED",
  },
  {
    name: "online_wallet",
    product: "online_wallet",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL, description: "Order 42 at the sandbox shop" }),
    echo: (d) => ({ ...d, capture_now: true }),
    approval: true,
    status: "INITIATED",
  },
  {
    name: "instant_payment (PIX)",
    product: "instant_payment",
    details: () => ({
      ...COMMON,
      redirect_url: REDIRECT_URL,
      pix_name: "Maria Silva",
      pix_document_id: "529.982.247-25",
      pix_key: "maria@example.com",
    }),
    echo: (d) => ({ ...d, pix_document_id: "52998224725" }),
    approval: true,
    status: "INITIATED",
  },
  {
    name: "sepa without a mandate",
    product: "sepa",
    details: () => ({
      ...COMMON,
      redirect_url: REDIRECT_URL,
      sender: [
        {
          account_number: "DE89 3704 0044 0532 0130 00",
          bank_code: "COBADEFFXXX",
          country_code: "DE",
          holder_name: "Ada Lovelace",
        },
      ],
      sepa_due_date: dayFromToday(3),
    }),
    echo: (d) => ({
      ...d,
      sender: [
        {
          account_number: "DE89370400440532013000",
          bank_code: "COBADEFFXXX",
          country_code: "DE",
          holder_name: "Ada Lovelace",
        },
      ],
      mandate_reused: false,
    }),
    approval: true,
    status: "INITIATED",
  },
  {
    name: "instant_transfer",
    product: "instant_transfer",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL }),
    echo: (d) => d,
    approval: true,
    status: "INITIATED",
    extra: { payment_product_type: "instant_transfer", processor: "instant_transfer" },
  },
  {
    name: "bank_initiated",
    product: "bank_initiated",
    details: () => ({ ...COMMON, redirect_url: REDIRECT_URL, bank: "sandbox-bank-7" }),
    echo: (d) => d,
    approval: true,
    status: "INITIATED",
  },
];

test("the happy-path table covers all 16 products", () => {
  expect(new Set(HAPPY.map((c) => c.product))).toStrictEqual(new Set(PRODUCTS));
});

test.describe("POST /v1/transaction/start: happy path of every product", () => {
  for (const c of HAPPY) {
    // The start answers INITIATED (spec 4.2); only dummy_outcome sets a status directly. A
    // server-to-server result follows through the job queue: read back until it is there.
    const direct = c.product === "dummy";
    const startStatus = direct ? c.status : "INITIATED";
    test(`${c.name} → 201, ${startStatus}${c.status === startStatus ? "" : ` then ${c.status}`}${c.approval ? " with approval_url" : ", no approval_url"}`, async ({
      api,
      merchant,
      baseURL,
    }) => {
      const details = await c.details(merchant);
      const customer = await newCustomer(api);
      const body = startBody(merchant, customer, c.product, details);
      const before = Date.now();
      const res = await api.post("/v1/transaction/start", body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.id;
      expect(res.body).toStrictEqual({
        id: expect.stringMatching(UUID),
        payment_profile: merchant.payment_profile,
        amount: "1000",
        customer,
        customer_ip: "203.0.113.7",
        dynamic_descriptor: "Order 42",
        merchant_reference: body.merchant_reference,
        payment_product: c.product,
        ...c.extra,
        user_agent: body.user_agent,
        details: {
          ...c.echo(details),
          ...(c.approval ? { approval_url: `${baseURL}/v1/transaction/${id}/authorize` } : {}),
        },
        webhook_transaction_update: WEBHOOK_URL,
        status: startStatus,
        status_reason: direct ? (c.statusReason ?? "") : "",
        last_status_update: expect.stringMatching(ISO_MS),
        created_at: expect.stringMatching(ISO_MS),
      });
      if (!c.approval) expect(res.body.details).not.toHaveProperty("approval_url");
      expect(res.body.details.checkout_id).toBe("chk_42");
      expect(res.body.details.merchant_data).toStrictEqual({ order: "42", channel: "web" });
      const created = Date.parse(res.body.created_at);
      expect(created).toBeGreaterThanOrEqual(before - 5_000);
      expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
      if (startStatus === "INITIATED") expect(res.body.last_status_update).toBe(res.body.created_at);
      else expect(Date.parse(res.body.last_status_update)).toBeGreaterThanOrEqual(created);

      // The same object is read back (with its result), listed, and the history shows how it got there.
      const settled = await eventually(async () => {
        const t = await getTx(api, id);
        return t.status === c.status ? t : undefined;
      });
      expect(settled).toStrictEqual({
        ...res.body,
        status: c.status,
        status_reason: c.statusReason ?? "",
        last_status_update: c.status === startStatus ? res.body.last_status_update : expect.stringMatching(ISO_MS),
      });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([settled]);
      const rows = await history(api, id);
      expect(rows.map((r) => [r.previous_status, r.status])).toStrictEqual(
        c.status === "INITIATED"
          ? [["", "INITIATED"]]
          : [
              ["", "INITIATED"],
              ["INITIATED", c.status],
            ],
      );
    });
  }
});

type InvalidCase = [product: Product, name: string, details: Record<string, unknown>, fields: Record<string, unknown>];
const NEEDS_REDIRECT = { "details.redirect_url": "Required when the shopper must approve the payment" };
const BAD_URL = { "details.redirect_url": "Expected an absolute http(s) URL" };
const UNKNOWN = (f: string) => ({ [`details.${f}`]: "Unknown field" });
const r = { redirect_url: REDIRECT_URL };

const INVALID: InvalidCase[] = [
  ["card", "no redirect_url and no token", {}, NEEDS_REDIRECT],
  [
    "card",
    "card_expiry_month 13 and a string year",
    { card_holder: "A", card_token: "tok_x", card_cvv: "123", card_expiry_month: 13, card_expiry_year: "2030" },
    {
      "details.card_expiry_month": "Expected 1-12",
      "details.card_expiry_year": expect.any(String),
    },
  ],
  ["card", "capture_now as a string", { ...r, capture_now: "yes" }, { "details.capture_now": expect.any(String) }],
  ["card", "an unknown field", { ...r, card_number: "4111111111111111" }, UNKNOWN("card_number")],
  ["mobile_wallet_a", "no redirect_url and no token_data", {}, NEEDS_REDIRECT],
  ["mobile_wallet_a", "empty token_data", { token_data: "" }, { "details.token_data": "Must not be empty" }],
  ["mobile_wallet_a", "an unknown field", { ...r, wallet: "x" }, UNKNOWN("wallet")],
  ["mobile_wallet_b", "no redirect_url and no token_data", { capture_now: false }, NEEDS_REDIRECT],
  [
    "mobile_wallet_b",
    "token_data over 8192 characters",
    { token_data: "x".repeat(8193) },
    { "details.token_data": "At most 8192 characters" },
  ],
  ["mobile_wallet_b", "an unknown field", { ...r, token: "x" }, UNKNOWN("token")],
  ["debit_card_redirect", "no redirect_url", {}, NEEDS_REDIRECT],
  ["debit_card_redirect", "a relative redirect_url", { redirect_url: "/return" }, BAD_URL],
  ["debit_card_redirect", "an unknown field", { ...r, issuer: "x" }, UNKNOWN("issuer")],
  ["instalment_credit", "no redirect_url", { checkout_id: "c" }, NEEDS_REDIRECT],
  ["instalment_credit", "a javascript: redirect_url", { redirect_url: "javascript:alert(1)" }, BAD_URL],
  ["instalment_credit", "an unknown field", { ...r, months: 12 }, UNKNOWN("months")],
  [
    "dummy",
    "dummy_outcome INITIATED",
    { dummy_outcome: "INITIATED" },
    { "details.dummy_outcome": expect.stringContaining("Expected one of") },
  ],
  [
    "dummy",
    "an unknown dummy_outcome",
    { dummy_outcome: "PAID" },
    { "details.dummy_outcome": expect.stringContaining("Expected one of") },
  ],
  ["dummy", "no dummy_outcome and no redirect_url", { dummy_outcome_update: "DECLINED" }, NEEDS_REDIRECT],
  ["dummy", "an unknown field", { ...r, issuer: "x" }, UNKNOWN("issuer")],
  [
    "direct_debit",
    "missing account_type, bank_account and type",
    {},
    {
      "details.account_type": "Required",
      "details.bank_account": "Required",
      "details.type": "Required",
    },
  ],
  [
    "direct_debit",
    "bad values",
    { account_type: "current", bank_account: "has space", type: "weekly", check_number: "12a", order_source: "web" },
    {
      "details.account_type": "Expected one of: checking, savings",
      "details.bank_account": expect.stringContaining("bank account token"),
      "details.type": "Expected one of: single, recurring, first, final",
      "details.check_number": "Expected at most 15 digits",
      "details.order_source": "Expected one of: ecommerce, mail_order, telephone, recurring",
    },
  ],
  [
    "direct_debit",
    "an unknown field",
    { account_type: "savings", bank_account: "ba_1", type: "first", redirect_url: REDIRECT_URL },
    UNKNOWN("redirect_url"),
  ],
  ["finance_provider", "missing provider_id", { ...r }, { "details.provider_id": "Required" }],
  // A product that always waits for the shopper reports a missing redirect_url with the rest.
  ["finance_provider", "no details at all", {}, { "details.provider_id": "Required", ...NEEDS_REDIRECT }],
  ["bank_initiated", "no details at all", {}, { "details.bank": "Required", ...NEEDS_REDIRECT }],
  [
    "finance_provider",
    "provider_id over 64 characters",
    { ...r, provider_id: "p".repeat(65) },
    { "details.provider_id": "At most 64 characters" },
  ],
  ["finance_provider", "an unknown field", { ...r, provider_id: "p", provider: "p" }, UNKNOWN("provider")],
  [
    "bank_selection",
    "an unknown issuer",
    { ...r, issuer: "NOPEBANK" },
    { "details.issuer": expect.stringContaining("Unknown issuer") },
  ],
  ["bank_selection", "no redirect_url", { issuer: "SBXBNL2A" }, NEEDS_REDIRECT],
  ["bank_selection", "an unknown field", { ...r, bank: "SBXBNL2A" }, UNKNOWN("bank")],
  ["bnpl", "capture_now as a string", { capture_now: "false" }, { "details.capture_now": expect.any(String) }],
  ["bnpl", "redirect_url is not a bnpl field", { redirect_url: REDIRECT_URL }, UNKNOWN("redirect_url")],
  ["online_wallet", "no redirect_url", { description: "x" }, NEEDS_REDIRECT],
  [
    "online_wallet",
    "description of 128 characters",
    { ...r, description: "d".repeat(128) },
    { "details.description": "At most 127 characters" },
  ],
  ["online_wallet", "an unknown field", { ...r, email: "a@b.c" }, UNKNOWN("email")],
  ["prepaid_voucher", "no redirect_url", {}, NEEDS_REDIRECT],
  ["prepaid_voucher", "the PIN is not a start field", { ...r, pin: "1234567812345678" }, UNKNOWN("pin")],
  [
    "instant_payment",
    "no details at all",
    {},
    { "details.pix_name": "Required", "details.pix_document_id": "Required", ...NEEDS_REDIRECT },
  ],
  [
    "instant_payment",
    "missing pix_name and pix_document_id",
    { ...r },
    { "details.pix_name": "Required", "details.pix_document_id": "Required" },
  ],
  [
    "instant_payment",
    "a CPF with a wrong check digit and an overlong pix_key",
    { ...r, pix_name: "Maria", pix_document_id: "529.982.247-24", pix_key: "k".repeat(78) },
    {
      "details.pix_document_id": "Expected a valid CPF (11 digits) or CNPJ (14 digits)",
      "details.pix_key": "At most 77 characters",
    },
  ],
  [
    "instant_payment",
    "an unknown field",
    { ...r, pix_name: "Maria", pix_document_id: "52998224725", pix_city: "Rio" },
    UNKNOWN("pix_city"),
  ],
  [
    "sepa",
    "an invalid IBAN and a lowercase country",
    { ...r, sender: [{ account_number: "DE00 1234", country_code: "de", holder_name: "Ada" }] },
    {
      "details.sender.0.account_number": "Not a valid IBAN",
      "details.sender.0.country_code": expect.any(String),
    },
  ],
  [
    "sepa",
    "a due date in the past and an empty sender list",
    { ...r, sepa_due_date: dayFromToday(-2), sender: [] },
    {
      "details.sepa_due_date": "Must not be in the past",
      "details.sender": "At least 1 sender",
    },
  ],
  [
    "sepa",
    "a mandate reference with forbidden characters",
    { ...r, mandate: "M<1>" },
    { "details.mandate": expect.stringContaining("mandate reference") },
  ],
  [
    "sepa",
    "an unknown field in a sender",
    { ...r, sender: [{ account_number: "DE89370400440532013000", country_code: "DE", holder_name: "Ada", iban: "x" }] },
    UNKNOWN("sender.0.iban"),
  ],
  ["sepa", "no redirect_url and no mandate", {}, NEEDS_REDIRECT],
  ["instant_transfer", "no redirect_url", {}, NEEDS_REDIRECT],
  ["instant_transfer", "an unknown field", { ...r, sender: {} }, UNKNOWN("sender")],
  ["bank_initiated", "missing bank", { ...r }, { "details.bank": "Required" }],
  ["bank_initiated", "an empty bank", { ...r, bank: "" }, { "details.bank": "Required" }],
  ["bank_initiated", "an unknown field", { ...r, bank: "b", issuer: "x" }, UNKNOWN("issuer")],
];

test("every product has at least two invalid-details cases", () => {
  for (const p of PRODUCTS) expect(INVALID.filter(([product]) => product === p).length, p).toBeGreaterThanOrEqual(2);
});

test.describe("POST /v1/transaction/start: invalid details of every product", () => {
  for (const [product, name, details, fields] of INVALID) {
    test(`${product}: ${name} → 101 naming ${Object.keys(fields).join(", ")}`, async ({ api }) => {
      const { res, body } = await start(api, product, details);
      expectInvalid(res, fields);
      expect(
        Object.keys(fields).some((f) => res.body.message.includes(f)),
        res.body.message,
      ).toBe(true);
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    });
  }

  test("a details value that is not an object → 101 naming details", async ({ api }) => {
    for (const details of ["card", 42, [], true]) {
      const { res } = await start(api, "bnpl", details);
      expectInvalid(res, { details: expect.any(String) });
    }
  });
});

test.describe("POST /v1/transaction/start: an unknown field in details is refused for every product", () => {
  for (const product of PRODUCTS) {
    test(`${product}: details.foo_bar → 101 Unknown field`, async ({ api, merchant }) => {
      const happy = HAPPY.find((c) => c.product === product)!;
      const { res, body } = await start(api, product, { ...(await happy.details(merchant)), foo_bar: "1" });
      expectInvalid(res, { "details.foo_bar": "Unknown field" });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    });
  }
});

test.describe("POST /v1/transaction/start: general rules", () => {
  test("an unknown payment_product → 101 naming payment_product", async ({ api }) => {
    for (const product of ["paypal", "CARD", "", 7]) {
      const { res, body } = await start(api, product as string, { redirect_url: REDIRECT_URL });
      expectInvalid(res, { payment_product: expect.stringContaining("Expected one of: card, mobile_wallet_a") });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    }
  });

  const AMOUNTS: [unknown, string][] = [
    [12.5, "Expected an integer amount in minor units (cents), no decimal point"],
    ["100", "Expected an integer amount in minor units (cents)"],
    [0, "Must be at least 1"],
    [-1, "Must be at least 1"],
    [undefined, "Required"],
    [null, "Expected an integer amount in minor units (cents)"],
    [1_000_000_001, "At most 1000000000"],
  ];
  for (const [amount, reason] of AMOUNTS) {
    test(`amount ${JSON.stringify(amount) ?? "missing"} → 101 naming amount`, async ({ api }) => {
      const { res, body } = await start(api, "bnpl", {}, { amount });
      expectInvalid(res, { amount: reason });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    });
  }

  // JSON.parse reads 1000.0 and 1e3 as 1000: the amount as written is checked (spec 2.2, 8: "no
  // decimal point"), so that 10.00 meant as ten euros is refused rather than charged as ten cents.
  for (const written of ["1000.0", "10.00", "1e3", "1E3"]) {
    test(`amount written as ${written} → 101 naming amount, nothing stored`, async ({ api }) => {
      const body = startBody(api.merchant, await newCustomer(api), "bnpl", {}, {});
      const text = JSON.stringify({ ...body, amount: 0 }).replace('"amount":0', `"amount":${written}`);
      const res = await api.raw("POST", "/v1/transaction/start", Buffer.from(text), {
        "content-type": "application/json",
      });
      expectInvalid(res, { amount: "Expected an integer amount in minor units (cents), no decimal point" });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    });
  }

  test("a number with a decimal point below the top level is not the amount", async ({ api }) => {
    const body = startBody(api.merchant, await newCustomer(api), "bnpl", { amount: 1 });
    const text = JSON.stringify(body).replace('"details":{"amount":1}', '"details":{"amount":1.50}');
    const res = await api.raw("POST", "/v1/transaction/start", Buffer.from(text), {
      "content-type": "application/json",
    });
    // Judged by the product's schema (an unknown field of bnpl's details), not by the amount's rule.
    expectInvalid(res, { "details.amount": "Unknown field" });
  });

  test("the largest amount is accepted and comes back as a string", async ({ api }) => {
    const t = await started(api, "bnpl", {}, { amount: 1_000_000_000 });
    expect(t.amount).toBe("1000000000");
  });

  test("missing top-level fields are all named at once", async ({ api }) => {
    const res = await api.post("/v1/transaction/start", { details: {} });
    expectInvalid(res, {
      payment_profile: "Required",
      amount: "Required",
      payment_product: "Required",
      customer: "Required",
    });
  });

  test("every invalid field is named at once: top level, customer.* and details.*", async ({ api }) => {
    const { res } = await start(
      api,
      "instant_transfer",
      { redirect_url: "not a url", colour: "red" },
      {
        amount: 0,
        dynamic_descriptor: "A & B",
        customer: { first_name: "Ada", last_name: "L", email_address: "nope" },
      },
    );
    expectInvalid(res, {
      amount: "Must be at least 1",
      dynamic_descriptor: "Only letters, digits, space and + . , - are allowed",
      "customer.email_address": "Expected an e-mail address",
      "details.redirect_url": "Expected an absolute http(s) URL",
      "details.colour": "Unknown field",
    });
  });

  test("unknown top-level fields, a bad customer_ip and a bad webhook URL → 101", async ({ api }) => {
    const { res } = await start(
      api,
      "bnpl",
      {},
      { currency: "EUR", customer_ip: "999.1.1.1", webhook_transaction_update: "ftp://merchant.example/hook" },
    );
    expectInvalid(res, {
      currency: "Unknown field",
      customer_ip: "Expected an IPv4 or IPv6 address",
      webhook_transaction_update: expect.any(String),
    });
  });

  test("customer_ip: a dotted quad or an IPv6 address, not the old shorthand forms or a zone", async ({ api }) => {
    for (const ip of ["1", "1.2.3", "0x7f.1", "01.2.3.4", "2001:db8::1%eth0", "1.2.3.4.5"]) {
      const { res } = await start(api, "bnpl", {}, { customer_ip: ip });
      expectInvalid(res, { customer_ip: "Expected an IPv4 or IPv6 address" });
    }
    for (const ip of ["203.0.113.7", "2001:db8::1", "::ffff:203.0.113.7", " 198.51.100.2 "]) {
      const { res } = await start(api, "bnpl", {}, { customer_ip: ip });
      expect(res.status, `${ip}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.customer_ip).toBe(ip.trim());
    }
  });

  test('optional top-level fields may be left out; they come back as ""', async ({ api, merchant }) => {
    const customer = await newCustomer(api);
    const res = await api.post("/v1/transaction/start", {
      payment_profile: merchant.payment_profile,
      amount: 250,
      customer,
      payment_product: "bnpl",
      details: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      customer_ip: "",
      dynamic_descriptor: "",
      merchant_reference: "",
      user_agent: "",
      webhook_transaction_update: "",
      details: { capture_now: true },
    });
  });

  test("details may be left out for a product whose details fields are all optional (bnpl)", async ({
    api,
    merchant,
  }) => {
    const customer = await newCustomer(api);
    const res = await api.post("/v1/transaction/start", {
      payment_profile: merchant.payment_profile,
      amount: 250,
      customer,
      payment_product: "bnpl",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      customer_ip: "",
      dynamic_descriptor: "",
      merchant_reference: "",
      user_agent: "",
      webhook_transaction_update: "",
      details: { capture_now: true },
    });
  });

  test("an unknown payment_profile → 404 120 payment_profile", async ({ api }) => {
    const { res, body } = await start(api, "bnpl", {}, { payment_profile: MISSING_ID });
    expectNotFound(res, "payment_profile", MISSING_ID);
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("another organisation's payment_profile → 404 120, like a missing one", async ({ api, otherMerchant }) => {
    const { res, body } = await start(api, "bnpl", {}, { payment_profile: otherMerchant.payment_profile });
    expectNotFound(res, "payment_profile", otherMerchant.payment_profile);
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("an unknown customer → 404 120 customer", async ({ api }) => {
    const { res } = await start(api, "bnpl", {}, { customer: MISSING_ID });
    expectNotFound(res, "customer", MISSING_ID);
  });

  test("another organisation's customer → 404 120 customer, like a missing one", async ({ api, otherApi }) => {
    const foreign = await newCustomer(otherApi);
    const { res, body } = await start(api, "bnpl", {}, { customer: foreign });
    expectNotFound(res, "customer", foreign);
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("a customer that is neither an id nor an object → 101 naming customer", async ({ api }) => {
    for (const customer of ["ada", 42, ""]) {
      const { res } = await start(api, "bnpl", {}, { customer });
      expectInvalid(res, { customer: expect.any(String) });
    }
  });

  test("an inline customer object is created in the same call and belongs to the caller", async ({
    api,
    otherApi,
    merchant,
  }) => {
    const inline = customerBody();
    const t = await started(api, "bnpl", {}, { customer: inline });
    expect(t.customer).toMatch(UUID);
    const c = await api.get(`/v1/customer/${t.customer}`);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      id: t.customer,
      organisation: merchant.organisation,
      first_name: "Ada",
      last_name: "Lovelace",
      email_address: inline.email_address,
      status: "unverified",
    });
    expectNotFound(await otherApi.get(`/v1/customer/${t.customer}`), "customer", t.customer);
    // ...and can be used again by id.
    const again = await started(api, "bnpl", {}, { customer: t.customer });
    expect(again.customer).toBe(t.customer);
  });

  test("an invalid inline customer → 101 naming customer.<field>; no transaction and no customer created", async ({
    api,
    merchant,
  }) => {
    const email = `inline+${uniqueRef()}@example.com`;
    const { res, body } = await start(
      api,
      "bnpl",
      {},
      { customer: customerBody({ email_address: email, first_name: "", country_code: "nl", shoe_size: 42 }) },
    );
    expectInvalid(res, {
      "customer.first_name": "Required",
      "customer.country_code": expect.any(String),
      "customer.shoe_size": "Unknown field",
    });
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    expect(
      await sql(`select id from customers where "organisationId" = $1 and "emailAddress" = $2`, [
        merchant.organisation,
        email,
      ]),
    ).toStrictEqual([]);
  });

  test("a valid inline customer with a start that fails later creates no customer either", async ({
    api,
    merchant,
  }) => {
    // Failures found inside the start's database transaction: unknown profile, unknown card token, missing redirect_url.
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ payment_profile: MISSING_ID }, "bnpl", {}],
      [
        {},
        "card",
        {
          card_holder: "A",
          card_token: "tok_does_not_exist",
          card_cvv: "123",
          card_expiry_month: 1,
          card_expiry_year: 2030,
        },
      ],
      [{}, "debit_card_redirect", {}],
    ];
    for (const [overrides, product, details] of cases) {
      const email = `inline+${uniqueRef()}@example.com`;
      const { res, body } = await start(api, product, details, {
        customer: customerBody({ email_address: email }),
        ...overrides,
      });
      expect([400, 404]).toContain(res.status);
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
      expect(
        await sql(`select id from customers where "organisationId" = $1 and "emailAddress" = $2`, [
          merchant.organisation,
          email,
        ]),
      ).toStrictEqual([]);
    }
  });

  test("an inline customer naming another organisation → 404 120 organisation, nothing created", async ({
    api,
    otherMerchant,
  }) => {
    const { res, body } = await start(
      api,
      "bnpl",
      {},
      { customer: customerBody({ organisation: otherMerchant.organisation }) },
    );
    expectNotFound(res, "organisation", otherMerchant.organisation);
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("merchant_data: 1024 characters as JSON are accepted, 1025 → 101", async ({ api }) => {
    // JSON.stringify({k: v}) is v.length + 8 characters.
    const ok = await started(api, "bnpl", { merchant_data: { k: "x".repeat(1016) } });
    expect(ok.details.merchant_data).toStrictEqual({ k: "x".repeat(1016) });
    const { res, body } = await start(api, "bnpl", { merchant_data: { k: "x".repeat(1017) } });
    expectInvalid(res, { "details.merchant_data": "At most 1024 characters as JSON" });
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("merchant_data values must be strings", async ({ api }) => {
    const { res } = await start(api, "debit_card_redirect", { redirect_url: REDIRECT_URL, merchant_data: { qty: 2 } });
    expectInvalid(res, { "details.merchant_data.qty": "Values must be strings" });
  });

  test("checkout_id over 255 characters → 101", async ({ api }) => {
    const { res } = await start(api, "bnpl", { checkout_id: "c".repeat(256) });
    expectInvalid(res, { "details.checkout_id": "At most 255 characters" });
  });

  test("server-to-server magic amounts: …51 DECLINED, …52 FAILED, …53 UNKNOWN, others SETTLEMENT_REQUESTED", async ({
    api,
  }) => {
    const expected: [number, string, string][] = [
      [1051, "DECLINED", "Declined by the sandbox processor (amount ending in 51)"],
      [1052, "FAILED", "Processing error in the sandbox (amount ending in 52)"],
      [1053, "UNKNOWN", "Status unknown in the sandbox (amount ending in 53)"],
      [1054, "SETTLEMENT_REQUESTED", ""],
      [51, "DECLINED", "Declined by the sandbox processor (amount ending in 51)"],
    ];
    for (const [amount, status, reason] of expected) {
      const t = await started(api, "bnpl", {}, { amount });
      expect([t.amount, t.status, t.status_reason]).toStrictEqual([String(amount), status, reason]);
      expect(await api.get(`/v1/transaction/${t.id}/checkoutsuccess`).then((x) => x.body)).toStrictEqual({
        status,
        status_reason: reason,
        success: status === "SETTLEMENT_REQUESTED",
      });
    }
  });

  test("magic amounts apply to direct_debit and mobile wallet tokens, not to approval products", async ({ api }) => {
    const dd = await started(
      api,
      "direct_debit",
      { account_type: "savings", bank_account: "ba_1", type: "recurring" },
      { amount: 2052 },
    );
    expect(dd.status).toBe("FAILED");
    const wallet = await started(api, "mobile_wallet_b", { token_data: "tok" }, { amount: 2053 });
    expect(wallet.status).toBe("UNKNOWN");
    const redirect = await started(api, "debit_card_redirect", { redirect_url: REDIRECT_URL }, { amount: 2051 });
    expect(redirect.status).toBe("INITIATED");
  });

  test("bnpl with capture_now false → AUTHORIZED", async ({ api }) => {
    const t = await started(api, "bnpl", { capture_now: false });
    expect([t.status, t.details]).toStrictEqual(["AUTHORIZED", { capture_now: false }]);
  });

  test("instant_payment accepts a CNPJ and stores it as bare digits", async ({ api }) => {
    const t = await started(api, "instant_payment", {
      redirect_url: REDIRECT_URL,
      pix_name: "Loja Exemplo Ltda",
      pix_document_id: "11.222.333/0001-81",
    });
    expect(t.details.pix_document_id).toBe("11222333000181");
  });

  test("payment_product_type and processor appear only for instant_transfer", async ({ api }) => {
    const t = await started(api, "bnpl", {});
    expect(t).not.toHaveProperty("payment_product_type");
    expect(t).not.toHaveProperty("processor");
  });
});

test.describe("card", () => {
  const CVC = "9173";

  test("the CVC never comes back: not in start, get, list, history or the database", async ({ api, merchant }) => {
    const card = await seedCardToken(merchant.organisation, { month: 7, year: 2031, number: "378282246310005" });
    const details = {
      card_holder: card.holder,
      card_token: card.token,
      card_cvv: CVC,
      card_expiry_month: 7,
      card_expiry_year: 2031,
    };
    const { res, body } = await start(api, "card", details);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answers = [
      res.body,
      await getTx(api, res.body.id),
      await listByRef(api, body.merchant_reference),
      await history(api, res.body.id),
    ];
    for (const a of answers) {
      expect(JSON.stringify(a)).not.toContain("card_cvv");
      expect(JSON.stringify(a)).not.toContain(CVC);
    }
    const [row] = await sql(`select details::text as details from transactions where id = $1`, [res.body.id]);
    expect(row.details).not.toContain("card_cvv");
    expect(row.details).not.toContain(CVC);
  });

  test("a refused card start does not echo the CVC either", async ({ api, merchant }) => {
    const card = await seedCardToken(merchant.organisation, { month: 7, year: 2031 });
    const { res } = await start(api, "card", {
      card_holder: "A",
      card_token: card.token,
      card_cvv: CVC,
      card_expiry_month: 8,
      card_expiry_year: 2031,
    });
    expectInvalid(res, { "details.card_expiry_month": "Does not match the card" });
    expect(JSON.stringify(res.body)).not.toContain(CVC);
  });

  test("token fields are all or nothing: each missing one is named", async ({ api }) => {
    const { res } = await start(api, "card", { card_token: "tok_anything" });
    expectInvalid(res, {
      "details.card_holder": "Required with card_token",
      "details.card_cvv": "Required with card_token",
      "details.card_expiry_month": "Required with card_token",
      "details.card_expiry_year": "Required with card_token",
    });
    const onlyCvc = await start(api, "card", { redirect_url: REDIRECT_URL, card_cvv: CVC });
    expectInvalid(onlyCvc.res, {
      "details.card_holder": "Required with card_token",
      "details.card_token": "Required with card_token",
      "details.card_expiry_month": "Required with card_token",
      "details.card_expiry_year": "Required with card_token",
    });
  });

  test("an unknown card_token → 404 120 card_token", async ({ api }) => {
    const { res, body } = await start(api, "card", {
      card_holder: "A",
      card_token: "tok_unknown_e2e",
      card_cvv: "123",
      card_expiry_month: 1,
      card_expiry_year: 2030,
    });
    expectNotFound(res, "card_token", "tok_unknown_e2e");
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  test("another organisation's card_token → 404 120 card_token, like an unknown one", async ({
    api,
    otherMerchant,
  }) => {
    const foreign = await seedCardToken(otherMerchant.organisation);
    const { res } = await start(api, "card", {
      card_holder: "A",
      card_token: foreign.token,
      card_cvv: "123",
      card_expiry_month: foreign.month,
      card_expiry_year: foreign.year,
    });
    expectNotFound(res, "card_token", foreign.token);
  });

  test("an expired card → 101 Card expired", async ({ api, merchant }) => {
    const card = await seedCardToken(merchant.organisation, { month: 1, year: 2020 });
    const { res } = await start(api, "card", {
      card_holder: "A",
      card_token: card.token,
      card_cvv: "123",
      card_expiry_month: 1,
      card_expiry_year: 2020,
    });
    expectInvalid(res, { "details.card_expiry_year": "Card expired" });
  });

  test("a token charge honours capture_now and follows the vaulted test card", async ({ api, merchant }) => {
    const card = await seedCardToken(merchant.organisation);
    const details = {
      card_holder: card.holder,
      card_token: card.token,
      card_cvv: "123",
      card_expiry_month: card.month,
      card_expiry_year: card.year,
    };
    expect((await started(api, "card", { ...details, capture_now: false })).status).toBe("AUTHORIZED");
    expect((await started(api, "card", details, { amount: 4951 })).status).toBe("SETTLEMENT_REQUESTED"); // magic amounts are not for cards
    const declining = await seedCardToken(merchant.organisation, { number: "4000000000000002" });
    const declined = await started(api, "card", { ...details, card_token: declining.token });
    expect([declined.status, declined.status_reason]).toStrictEqual(["DECLINED", "Card declined"]);
  });

  for (const origin of ["https://shop.example", "http://localhost:3000", "https://shop.example:8443"]) {
    test(`origin ${origin} is accepted`, async ({ api }) => {
      const t = await started(api, "card", { redirect_url: REDIRECT_URL, origin });
      expect(t.details.origin).toBe(origin);
    });
  }

  for (const origin of [
    "https://shop.example/checkout",
    "https://shop.example?x=1",
    "shop.example",
    "ftp://shop.example",
    "javascript:alert(1)",
    "null",
    "*",
  ]) {
    test(`origin ${JSON.stringify(origin)} → 101`, async ({ api }) => {
      const { res } = await start(api, "card", { redirect_url: REDIRECT_URL, origin });
      expectInvalid(res, {
        "details.origin": "Expected an http(s) origin: scheme://host[:port], without path, query or trailing slash",
      });
    });
  }

  // An origin written another way than browsers write it: the answer names the form to send.
  for (const origin of ["https://shop.example/", "https://Shop.Example", "https://shop.example:443"]) {
    test(`origin ${JSON.stringify(origin)} → 101 naming "https://shop.example"`, async ({ api }) => {
      const { res } = await start(api, "card", { redirect_url: REDIRECT_URL, origin });
      expectInvalid(res, { "details.origin": 'Expected the origin as browsers write it: "https://shop.example"' });
    });
  }

  for (const name of ["alert(1)", "window.location", "a_b", "my-func", "", "x".repeat(65)]) {
    test(`redirect_parent_function ${JSON.stringify(name.slice(0, 20))} → 101`, async ({ api }) => {
      const { res } = await start(api, "card", {
        redirect_url: REDIRECT_URL,
        origin: "https://shop.example",
        redirect_parent_function: name,
      });
      expectInvalid(res, { "details.redirect_parent_function": "Expected 1-64 letters and digits" });
    });
  }

  test("redirect_parent_function without origin → 101", async ({ api }) => {
    const { res } = await start(api, "card", { redirect_url: REDIRECT_URL, redirect_parent_function: "done" });
    expectInvalid(res, { "details.redirect_parent_function": "Requires origin" });
  });
});

test.describe("online_wallet description", () => {
  test("127 characters are accepted and echoed", async ({ api }) => {
    const description = "d".repeat(127);
    const t = await started(api, "online_wallet", { redirect_url: REDIRECT_URL, description });
    expect(t.details.description).toBe(description);
  });

  test("128 characters → 101", async ({ api }) => {
    const { res, body } = await start(api, "online_wallet", {
      redirect_url: REDIRECT_URL,
      description: "é".repeat(128),
    });
    expectInvalid(res, { "details.description": "At most 127 characters" });
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });
});

test.describe("instant_transfer dynamic_descriptor", () => {
  const it = (api: Parameters<typeof started>[0], dynamic_descriptor: string) =>
    start(api, "instant_transfer", { redirect_url: REDIRECT_URL }, { dynamic_descriptor });

  const NORMALISED: [string, string][] = [
    ["Grüße aus Köln", "Gruesse aus Koeln"],
    ["ÄÖÜ äöü ß", "AeOeUe aeoeue ss"],
    ["Order 42, A-B+C.", "Order 42, A-B+C."],
    ["x".repeat(27), "x".repeat(27)],
    [`${"x".repeat(25)}ü`, `${"x".repeat(25)}ue`],
    ["", ""],
  ];
  for (const [sent, stored] of NORMALISED) {
    test(`${JSON.stringify(sent)} is stored as ${JSON.stringify(stored)}`, async ({ api }) => {
      const { res } = await it(api, sent);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.dynamic_descriptor).toBe(stored);
      expect(res.body.payment_product_type).toBe("instant_transfer");
      expect(res.body.processor).toBe("instant_transfer");
      expect((await getTx(api, res.body.id)).dynamic_descriptor).toBe(stored);
    });
  }

  const REFUSED: [string, string][] = [
    ["Müller & Söhne", "Only letters, digits, space and + . , - are allowed"],
    ["Order #42", "Only letters, digits, space and + . , - are allowed"],
    ["Café", "Only letters, digits, space and + . , - are allowed"],
    ["x".repeat(28), "At most 27 characters"],
    [`${"x".repeat(26)}ü`, "At most 27 characters"],
  ];
  for (const [sent, reason] of REFUSED) {
    test(`${JSON.stringify(sent)} → 101 dynamic_descriptor`, async ({ api }) => {
      const { res, body } = await it(api, sent);
      expectInvalid(res, { dynamic_descriptor: reason });
      expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
    });
  }

  test("decomposed umlauts (NFD, as typed on some systems) are expanded like composed ones", async ({ api }) => {
    const { res } = await it(api, "Gru\u0308\u00dfe aus Ko\u0308ln");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.dynamic_descriptor).toBe("Gruesse aus Koeln");
  });

  test("other products keep the descriptor as sent (no instant_transfer rule)", async ({ api }) => {
    const t = await started(api, "bnpl", {}, { dynamic_descriptor: "Müller & Söhne #42" });
    expect(t.dynamic_descriptor).toBe("Müller & Söhne #42");
  });

  test("payment_product_type and processor come back on get and list", async ({ api }) => {
    const { res, body } = await it(api, "Order 7");
    const read = await getTx(api, res.body.id);
    expect([read.payment_product_type, read.processor]).toStrictEqual(["instant_transfer", "instant_transfer"]);
    const [listed] = await listByRef(api, body.merchant_reference);
    expect([listed.payment_product_type, listed.processor]).toStrictEqual(["instant_transfer", "instant_transfer"]);
  });
});

test.describe("sepa mandates", () => {
  test("no mandate: mandate_reused false, INITIATED with approval_url", async ({ api, baseURL }) => {
    const t = await started(api, "sepa", { redirect_url: REDIRECT_URL });
    expect([t.status, t.details]).toStrictEqual([
      "INITIATED",
      {
        redirect_url: REDIRECT_URL,
        mandate_reused: false,
        approval_url: `${baseURL}/v1/transaction/${t.id}/authorize`,
      },
    ]);
  });

  test("a mandate is reused only for its own account: a sender with another IBAN signs a new one", async ({
    api,
    merchant,
  }) => {
    const customer = await newCustomer(api);
    const reference = await seedMandate(merchant.organisation, customer); // for DE89370400440532013000
    const sender = (iban: string) => [{ account_number: iban, country_code: iban.slice(0, 2), holder_name: "Ada" }];
    const same = await started(api, "sepa", { sender: sender("DE89 3704 0044 0532 0130 00") }, { customer });
    expect([same.status, same.details.mandate, same.details.mandate_reused]).toStrictEqual([
      "SETTLEMENT_REQUESTED",
      reference,
      true,
    ]);
    const other = await started(
      api,
      "sepa",
      { redirect_url: REDIRECT_URL, sender: sender("NL91ABNA0417164300") },
      { customer },
    );
    expect([other.status, other.details.mandate_reused, typeof other.details.approval_url]).toStrictEqual([
      "INITIATED",
      false,
      "string",
    ]);
    expect(other.details).not.toHaveProperty("mandate");
    const named = await start(api, "sepa", { mandate: reference, sender: sender("NL91ABNA0417164300") }, { customer });
    expectInvalid(named.res, { "details.mandate": "Refers to a mandate for another account than the sender's" });
  });

  test("a valid mandate is reused: mandate_reused true, server to server, no approval_url", async ({
    api,
    merchant,
  }) => {
    const customer = await newCustomer(api);
    const reference = await seedMandate(merchant.organisation, customer);
    const t = await started(api, "sepa", { checkout_id: "chk_sepa" }, { customer });
    expect([t.status, t.status_reason]).toStrictEqual(["SETTLEMENT_REQUESTED", ""]);
    expect(t.details).toStrictEqual({ checkout_id: "chk_sepa", mandate: reference, mandate_reused: true });
    expect((await getTx(api, t.id)).details).toStrictEqual(t.details);
  });

  test("the mandate named by `mandate` is reused; magic amounts apply", async ({ api, merchant }) => {
    const customer = await newCustomer(api);
    const first = await seedMandate(merchant.organisation, customer);
    await seedMandate(merchant.organisation, customer);
    const t = await started(api, "sepa", { mandate: first, redirect_url: REDIRECT_URL }, { customer, amount: 3051 });
    expect([t.status, t.details.mandate, t.details.mandate_reused]).toStrictEqual(["DECLINED", first, true]);
    expect(t.details).not.toHaveProperty("approval_url");
  });

  test("without `mandate`, the customer's newest unrevoked mandate is reused", async ({ api, merchant }) => {
    const customer = await newCustomer(api);
    const older = await seedMandate(merchant.organisation, customer, { createdAt: new Date("2025-01-01T00:00:00Z") });
    const newer = await seedMandate(merchant.organisation, customer, { createdAt: new Date("2026-01-01T00:00:00Z") });
    await seedMandate(merchant.organisation, customer, { createdAt: new Date("2026-06-01T00:00:00Z"), revoked: true });
    const t = await started(api, "sepa", {}, { customer });
    expect([t.details.mandate, t.details.mandate_reused]).toStrictEqual([newer, true]);
    expect(older).not.toBe(newer);
  });

  test("naming the customer's own revoked mandate → 101; naming an unknown reference needs approval and keeps it", async ({
    api,
    merchant,
    baseURL,
  }) => {
    const customer = await newCustomer(api);
    const revoked = await seedMandate(merchant.organisation, customer, { revoked: true });
    const { res } = await start(api, "sepa", { redirect_url: REDIRECT_URL, mandate: revoked }, { customer });
    expectInvalid(res, { "details.mandate": "Refers to a revoked mandate or to another customer's mandate" });
    const fresh = `NEW-${uniqueRef().slice(-12)}`;
    const t = await started(api, "sepa", { redirect_url: REDIRECT_URL, mandate: fresh }, { customer });
    expect([t.status, t.details]).toStrictEqual([
      "INITIATED",
      {
        redirect_url: REDIRECT_URL,
        mandate: fresh,
        mandate_reused: false,
        approval_url: `${baseURL}/v1/transaction/${t.id}/authorize`,
      },
    ]);
  });

  test("a revoked mandate is not reused: mandate_reused false and approval needed", async ({
    api,
    merchant,
    baseURL,
  }) => {
    const customer = await newCustomer(api);
    await seedMandate(merchant.organisation, customer, { revoked: true });
    const t = await started(api, "sepa", { redirect_url: REDIRECT_URL }, { customer });
    expect([t.status, t.details.mandate_reused, t.details.approval_url]).toStrictEqual([
      "INITIATED",
      false,
      `${baseURL}/v1/transaction/${t.id}/authorize`,
    ]);
  });

  test("another customer's mandate is not reused, and naming it → 101", async ({ api, merchant }) => {
    const owner = await newCustomer(api);
    const reference = await seedMandate(merchant.organisation, owner);
    const other = await newCustomer(api);
    const t = await started(api, "sepa", { redirect_url: REDIRECT_URL }, { customer: other });
    expect(t.details.mandate_reused).toBe(false);
    const { res } = await start(api, "sepa", { redirect_url: REDIRECT_URL, mandate: reference }, { customer: other });
    expectInvalid(res, { "details.mandate": "Refers to a revoked mandate or to another customer's mandate" });
  });

  test("another organisation's mandate for the same customer id is never reused", async ({
    api,
    merchant,
    otherMerchant,
  }) => {
    const customer = await newCustomer(api);
    await seedMandate(otherMerchant.organisation, customer);
    const t = await started(api, "sepa", { redirect_url: REDIRECT_URL }, { customer });
    expect([t.status, t.details.mandate_reused]).toStrictEqual(["INITIATED", false]);
    expect(merchant.organisation).not.toBe(otherMerchant.organisation);
  });
});

test.describe("dummy outcomes", () => {
  const SETTABLE = ALL_STATUSES.filter((s) => s !== "INITIATED");

  test("dummy_outcome sets the status of the start response, with no approval step", async ({ api }) => {
    for (const status of SETTABLE) {
      const t = await started(api, "dummy", { dummy_outcome: status });
      expect([t.status, t.status_reason, t.details]).toStrictEqual([
        status,
        "Set by dummy_outcome",
        { dummy_outcome: status, issuer: "SBXDUMMY" },
      ]);
      const rows = await history(api, t.id);
      expect(rows.map((h) => [h.previous_status, h.status, h.actor])).toStrictEqual([
        ["", "INITIATED", "api"],
        ["INITIATED", status, "sandbox"],
      ]);
    }
  });

  test("dummy_outcome_update applies DUMMY_UPDATE_DELAY_MS later (fast server)", async ({ fastApi }) => {
    const t = await started(fastApi, "dummy", { dummy_outcome: "UNKNOWN", dummy_outcome_update: "DECLINED" });
    expect(t.status).toBe("UNKNOWN");
    const done = await eventuallyStatus(fastApi, t.id, "DECLINED");
    expect(done.status_reason).toBe("Set by dummy_outcome_update");
    expect(Date.parse(done.last_status_update) - Date.parse(t.last_status_update)).toBeGreaterThanOrEqual(900);
    const rows = await history(fastApi, t.id);
    expect(rows.map((h) => [h.previous_status, h.status, h.reason, h.actor])).toStrictEqual([
      ["", "INITIATED", "Started", "api"],
      ["INITIATED", "UNKNOWN", "Set by dummy_outcome", "sandbox"],
      ["UNKNOWN", "DECLINED", "Set by dummy_outcome_update", "timer"],
    ]);
  });

  test("on the main server the update is not applied at once", async ({ api }) => {
    const t = await started(api, "dummy", { dummy_outcome: "PENDING", dummy_outcome_update: "FAILED" });
    expect(t.status).toBe("PENDING");
    expect((await getTx(api, t.id)).status).toBe("PENDING");
  });

  test("an update to INITIATED → 101 (every other status is accepted)", async ({ api }) => {
    const { res, body } = await start(api, "dummy", {
      dummy_outcome: "SETTLEMENT_REQUESTED",
      dummy_outcome_update: "INITIATED",
    });
    expectInvalid(res, { "details.dummy_outcome_update": expect.stringContaining("Expected one of") });
    expect(await listByRef(api, body.merchant_reference)).toStrictEqual([]);
  });

  // "is later updated to this status" (spec 2.3): the sandbox's own move, whatever the table says.
  for (const [outcome, update] of [
    ["SETTLEMENT_COMPLETED", "DECLINED"],
    ["DECLINED", "SETTLEMENT_REQUESTED"],
    ["SETTLEMENT_REQUESTED", "FAILED"],
    ["PENDING", "SETTLEMENT_COMPLETED"],
  ]) {
    test(`the update applies after any first outcome (${outcome} → ${update}, fast server)`, async ({ fastApi }) => {
      const t = await started(fastApi, "dummy", { dummy_outcome: outcome, dummy_outcome_update: update });
      expect(t.status).toBe(outcome);
      const done = await eventuallyStatus(fastApi, t.id, update);
      expect(done.status_reason).toBe("Set by dummy_outcome_update");
      const rows = (await history(fastApi, t.id)).map((h) => h.status);
      // SETTLEMENT_REQUESTED has its own timer on the fast server (1.5 s, the update's is 1 s; the
      // worker polls for due jobs every second), so settlement may complete before the update lands.
      const between = outcome === "SETTLEMENT_REQUESTED" && rows.length === 4 ? ["SETTLEMENT_COMPLETED"] : [];
      expect(rows).toEqual(["INITIATED", outcome, ...between, update]);
    });
  }
});

async function eventuallyStatus(api: Parameters<typeof getTx>[0], id: string, status: string, timeout = 15_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const t = await getTx(api, id);
    if (t.status === status) return t;
    if (Date.now() > end) throw new Error(`transaction ${id} is ${t.status}, not ${status}, after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
