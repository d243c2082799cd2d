import { describe, expect, it } from "vitest";
import {
  isProductId,
  PAYMENT_PRODUCT_LABELS,
  PAYMENT_PRODUCTS as PRODUCTS,
  type ProductId,
} from "@/lib/domain/products";
import { PROCESSORS, getProcessor } from "@/lib/processors/registry";
import { canTransition } from "@/lib/domain/statuses";
import {
  apiError,
  CUSTOMER_ID,
  detailsErrors,
  fakeClient,
  invalidOf,
  NOW,
  ORGANISATION_ID,
  outcomeWith,
  startWith,
} from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/return?order=42";

// `freshCustomer`: start for a customer with nothing stored yet (no SEPA mandate).
type Example = { details: Record<string, unknown>; approval: boolean; freshCustomer?: boolean };

// Valid details for every product, covering each way a start can finish.
const EXAMPLES: Record<ProductId, Example[]> = {
  card: [
    {
      details: { redirect_url, origin: "https://shop.example", redirect_parent_function: "payrailRedirect" },
      approval: true,
    },
    {
      details: {
        card_holder: "Ada Lovelace",
        card_token: "tok_contract",
        card_cvv: "123",
        card_expiry_month: 12,
        card_expiry_year: 2030,
      },
      approval: false,
    },
  ],
  mobile_wallet_a: [
    { details: { redirect_url }, approval: true },
    { details: { token_data: "eyJ3YWxsZXQiOiJ0b2tlbiJ9", capture_now: false }, approval: false },
  ],
  mobile_wallet_b: [
    { details: { redirect_url }, approval: true },
    { details: { token_data: "eyJ3YWxsZXQiOiJ0b2tlbiJ9" }, approval: false },
  ],
  debit_card_redirect: [{ details: { redirect_url }, approval: true }],
  instalment_credit: [{ details: { redirect_url }, approval: true }],
  dummy: [
    { details: { redirect_url, dummy_outcome_update: "SETTLEMENT_COMPLETED" }, approval: true },
    {
      details: { dummy_outcome: "SETTLEMENT_REQUESTED", dummy_outcome_update: "SETTLEMENT_COMPLETED" },
      approval: false,
    },
  ],
  direct_debit: [
    {
      details: {
        account_type: "checking",
        bank_account: "ba_sandbox_01",
        type: "single",
        check_number: "1001",
        order_source: "ecommerce",
      },
      approval: false,
    },
  ],
  finance_provider: [{ details: { redirect_url, provider_id: "provider-7" }, approval: true }],
  bank_selection: [{ details: { redirect_url, issuer: "SBXBNL2A" }, approval: true }],
  bnpl: [{ details: { capture_now: true }, approval: false }],
  online_wallet: [
    { details: { redirect_url, description: "Order 42 at the sandbox shop", capture_now: false }, approval: true },
  ],
  prepaid_voucher: [{ details: { redirect_url }, approval: true }],
  instant_payment: [
    {
      details: {
        redirect_url,
        pix_name: "Maria Silva",
        pix_document_id: "529.982.247-25",
        pix_key: "maria@example.com",
      },
      approval: true,
    },
  ],
  sepa: [
    {
      details: {
        redirect_url,
        sender: [
          {
            account_number: "NL91 ABNA 0417 1643 00",
            bank_code: "ABNANL2A",
            country_code: "NL",
            holder_name: "Jan Jansen",
          },
        ],
      },
      approval: true,
      freshCustomer: true,
    },
    { details: { mandate: "MANDATE-CONTRACT-1" }, approval: false },
  ],
  instant_transfer: [{ details: { redirect_url }, approval: true }],
  bank_initiated: [{ details: { redirect_url, bank: "sandbox-bank" }, approval: true }],
};

// What the contract examples need to find in the database.
const seededClient = ({ freshCustomer = false }: { freshCustomer?: boolean } = {}) =>
  freshCustomer
    ? fakeClient()
    : fakeClient({
        cardTokens: [
          {
            organisationId: ORGANISATION_ID,
            token: "tok_contract",
            expiryMonth: 12,
            expiryYear: 2030,
            holder: "Ada Lovelace",
          },
        ],
        mandates: [
          {
            id: "c0a80101-0000-4000-8000-000000000001",
            organisationId: ORGANISATION_ID,
            customerId: CUSTOMER_ID,
            reference: "MANDATE-CONTRACT-1",
            iban: "NL91ABNA0417164300",
            bic: "",
            holderName: "Jan Jansen",
            createdAt: new Date("2026-01-01T00:00:00Z"),
            revokedAt: null,
          },
        ],
      });

// Outcomes a page may not offer yet: the hosted card page is built later.
const WITHOUT_OUTCOMES: readonly ProductId[] = ["card"];

describe("registry", () => {
  it("registers every product under its own id", () => {
    expect(Object.keys(PROCESSORS).sort()).toEqual([...PRODUCTS].sort());
    for (const product of PRODUCTS) {
      expect(getProcessor(product).product).toBe(product);
      expect(PAYMENT_PRODUCT_LABELS[product].length).toBeGreaterThan(0);
    }
  });

  it("knows which strings are products", () => {
    expect(isProductId("sepa")).toBe(true);
    expect(isProductId("SEPA")).toBe(false);
    expect(isProductId("toString")).toBe(false);
    expect(isProductId(undefined)).toBe(false);
  });

  it("gives every product a distinct label", () => {
    const labels = Object.values(PAYMENT_PRODUCT_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe.each(PRODUCTS)("processor contract: %s", (product) => {
  const processor = getProcessor(product);
  const examples = EXAMPLES[product];

  it("has at least one example", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it("accepts its examples, with the common fields", () => {
    for (const { details } of examples) {
      expect(detailsErrors(processor, details)).toBeNull();
      expect(detailsErrors(processor, { ...details, checkout_id: "chk_1", merchant_data: { order: "42" } })).toBeNull();
    }
  });

  it("rejects an unknown field and a non-object", () => {
    expect(detailsErrors(processor, { ...examples[0].details, bogus: 1 })).toEqual({
      "details.bogus": "Unknown field",
    });
    expect(detailsErrors(processor, "not an object")).not.toBeNull();
    expect(detailsErrors(processor, [])).not.toBeNull();
  });

  it.each(examples.map((example, i) => [i, example] as const))(
    "starts example %i legally",
    async (_, { details, approval, freshCustomer }) => {
      const client = seededClient({ freshCustomer });
      const result = await startWith(
        processor,
        { ...details, checkout_id: "chk_1", merchant_data: { order: "42" } },
        { client },
      );
      expect(result.needsApproval).toBe(approval);
      if (result.needsApproval) expect(result.status).toBe("INITIATED");
      else expect(canTransition("INITIATED", result.status)).toBe(true);
      expect(result.details).not.toHaveProperty("card_cvv");
      expect(JSON.stringify(result.details)).not.toContain("card_cvv");
      expect(result.details).toMatchObject({ checkout_id: "chk_1", merchant_data: { order: "42" } });
      expect(Object.values(result.details)).not.toContain(undefined);
    },
  );

  it("has a hosted page exactly when a start can wait for the shopper", () => {
    const canNeedApproval = examples.some((e) => e.approval);
    expect(processor.approvalPage !== null).toBe(canNeedApproval);
  });

  it("requires redirect_url whenever the shopper must approve", async () => {
    for (const { details, freshCustomer } of examples.filter((e) => e.approval)) {
      const { redirect_url: _omitted, ...withoutRedirect } = details;
      const error = await apiError(() =>
        startWith(processor, withoutRedirect, { client: seededClient({ freshCustomer }) }),
      );
      expect(error.code).toBe("101");
      expect(invalidOf(error)).toEqual({
        "details.redirect_url": "Required when the shopper must approve the payment",
      });
    }
  });

  it("rejects a redirect_url that is not absolute http(s)", () => {
    if (!("redirect_url" in examples[0].details)) return;
    for (const bad of [
      "/relative",
      "javascript:alert(1)",
      "ftp://shop.example/x",
      `https://shop.example/${"x".repeat(2048)}`,
    ]) {
      expect(detailsErrors(processor, { ...examples[0].details, redirect_url: bad })).toHaveProperty([
        "details.redirect_url",
      ]);
    }
  });

  it("answers outcomes when it has a hosted page", async () => {
    if (processor.approvalPage === null) {
      expect(processor.applyOutcome).toBeUndefined();
      return;
    }
    if (WITHOUT_OUTCOMES.includes(product)) return;
    expect(processor.applyOutcome).toBeDefined();
    const error = await apiError(() => outcomeWith(processor, { outcome: "no_such_outcome" }));
    expect(error.code).toBe("101");
    expect(invalidOf(error)).toEqual({ outcome: "Unknown outcome" });
  });

  it("is the only product that may set statuses directly, if it is dummy", () => {
    expect(Boolean(processor.setsStatusDirectly)).toBe(product === "dummy");
  });

  it("does not depend on the time of the test run", async () => {
    const later = new Date(NOW.getTime() + 60_000);
    const { details, freshCustomer } = examples[0];
    const [a, b] = await Promise.all([
      startWith(processor, details, { client: seededClient({ freshCustomer }) }),
      startWith(processor, details, { client: seededClient({ freshCustomer }), now: later }),
    ]);
    expect(a).toEqual(b);
  });
});
