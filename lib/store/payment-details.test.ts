import { describe, expect, it } from "vitest";
import { isProductId, PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { buildDetails, validateDetails } from "@/lib/store/payment-details";
import {
  FINANCE_PROVIDERS,
  PAYMENT_METHODS,
  STORE_PIX_BENEFICIARY,
  SEPA_EXAMPLE,
  type PaymentMethodId,
} from "@/lib/store/payment-methods";

const ctx = { returnUrl: "http://localhost:3000/store/return", origin: "http://localhost:3000" };

/** What the checkout form posts when the shopper keeps the prefilled values. */
const PREFILLED: Partial<Record<PaymentMethodId, Record<string, string>>> = {
  card: {},
  mobile_wallet_a: { wallet_mode: "device" },
  mobile_wallet_b: { wallet_mode: "redirect" },
  online_wallet: { "details.description": "Payrail Coffee Co.: House Espresso" },
  bank_selection: { "details.issuer": "" },
  instant_transfer: {},
  bank_initiated: { "details.bank": "SBXBNL2A" },
  debit_card_redirect: {},
  sepa: {
    "details.sender.0.holder_name": "Ada Lovelace",
    "details.sender.0.account_number": SEPA_EXAMPLE.iban,
    "details.sender.0.bank_code": SEPA_EXAMPLE.bic.toLowerCase(),
    "details.sender.0.country_code": SEPA_EXAMPLE.country,
    "details.sepa_due_date": "",
    "details.mandate": "",
  },
  direct_debit: {
    "details.bank_account": "ba_sandbox_checking_001",
    "details.account_type": "checking",
  },
  instant_payment: {},
  bnpl: {},
  instalment_credit: {},
  finance_provider: { "details.provider_id": FINANCE_PROVIDERS[0].id },
  prepaid_voucher: {},
  dummy: { "details.dummy_outcome": "", "details.dummy_outcome_update": "" },
};

describe("checkout details", () => {
  it("the prefilled form of every one of the sixteen products passes its Payrail schema", () => {
    // The store offers Payrail products, each once (today all sixteen: it is the demo of every flow).
    const ids = PAYMENT_METHODS.map((m) => m.id);
    expect(ids.every(isProductId) && new Set(ids).size === ids.length).toBe(true);
    expect(ids).toHaveLength(PAYMENT_PRODUCTS.length);
    for (const m of PAYMENT_METHODS) {
      const details = buildDetails(m.id, PREFILLED[m.id] ?? {}, ctx);
      expect(validateDetails(m.id, details), m.id).toEqual({});
    }
  });

  it("adds what the store must: redirect_url where the shopper may leave, the iFrame fields for the card", () => {
    expect(buildDetails("card", {}, ctx)).toEqual({
      redirect_url: ctx.returnUrl,
      origin: ctx.origin,
      redirect_parent_function: "payrailDone",
    });
    expect(buildDetails("card", { "details.force_3DSecure": "on" }, ctx)).toMatchObject({ force_3DSecure: true });
    expect(buildDetails("bnpl", {}, ctx)).toEqual({});
    // PIX: the beneficiary is the shop (its account is what the QR code pays), whatever was posted.
    expect(buildDetails("instant_payment", { "details.pix_name": "Mallory" }, ctx)).toEqual({
      redirect_url: ctx.returnUrl,
      ...STORE_PIX_BENEFICIARY,
    });
    // Direct debit: the shop says it is one online order; a posted check_number (US checks) is not sent.
    expect(
      buildDetails(
        "direct_debit",
        { ...PREFILLED.direct_debit, "details.check_number": "123", "details.type": "final" },
        ctx,
      ),
    ).toEqual({
      account_type: "checking",
      bank_account: "ba_sandbox_checking_001",
      type: "single",
      order_source: "ecommerce",
    });
    const wallet = buildDetails("mobile_wallet_a", { wallet_mode: "device" }, ctx);
    expect(Object.keys(wallet)).toEqual(["token_data"]);
    expect(buildDetails("mobile_wallet_a", { wallet_mode: "redirect" }, ctx)).toEqual({ redirect_url: ctx.returnUrl });
    expect(buildDetails("sepa", PREFILLED.sepa ?? {}, ctx)).toEqual({
      redirect_url: ctx.returnUrl,
      sender: [
        {
          account_number: SEPA_EXAMPLE.iban,
          bank_code: SEPA_EXAMPLE.bic,
          country_code: "DE",
          holder_name: "Ada Lovelace",
        },
      ],
    });
  });

  it("reports invalid fields under the API's own paths", () => {
    const sepa = buildDetails(
      "sepa",
      { ...PREFILLED.sepa, "details.sender.0.account_number": "DE00 1234", "details.sender.0.holder_name": " " },
      ctx,
    );
    expect(validateDetails("sepa", sepa)).toEqual({
      "details.sender.0.account_number": "Not a valid IBAN",
      "details.sender.0.holder_name": "Required",
    });
    // The store's own PIX beneficiary passes PIX's schema (its CNPJ has valid check digits).
    expect(validateDetails("instant_payment", buildDetails("instant_payment", {}, ctx))).toEqual({});
    expect(validateDetails("direct_debit", buildDetails("direct_debit", {}, ctx))).toMatchObject({
      "details.account_type": "Expected one of: checking, savings",
    });
    const wallet = buildDetails("online_wallet", { "details.description": "x".repeat(128) }, ctx);
    expect(validateDetails("online_wallet", wallet)).toEqual({ "details.description": "At most 127 characters" });
    const dummy = buildDetails(
      "dummy",
      { "details.dummy_outcome": "DECLINED", "details.dummy_outcome_update": "INITIATED" },
      ctx,
    );
    expect(validateDetails("dummy", dummy)).toHaveProperty(["details.dummy_outcome_update"]);
  });
});
