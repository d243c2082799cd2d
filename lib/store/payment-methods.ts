import type { ProductId } from "@/lib/domain/products";

/**
 * The sixteen Payrail payment products as the shop presents them. Plain data, safe for client
 * components; the server-side part (building and validating each product's `details`) is in
 * lib/store/payment-details.ts.
 */

/** A payment method is one of Payrail's payment products, presented the shop's way. */
export type PaymentMethodId = ProductId;

export type PaymentMethodGroup = "Cards & wallets" | "Bank payments" | "Pay later & vouchers" | "Sandbox";

export type PaymentMethod = {
  id: PaymentMethodId;
  name: string;
  /** One line shown under the name. */
  blurb: string;
  group: PaymentMethodGroup;
  icon: "card" | "phone" | "wallet" | "bank" | "bolt" | "debit" | "pix" | "calendar" | "ticket" | "flask";
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    id: "card",
    name: "Credit or debit card",
    blurb: "Enter your card securely in the Payrail window on the next page.",
    group: "Cards & wallets",
    icon: "card",
  },
  {
    id: "mobile_wallet_a",
    name: "Mobile Wallet A",
    blurb: "Pay with the wallet on this device, or approve in the wallet app.",
    group: "Cards & wallets",
    icon: "phone",
  },
  {
    id: "mobile_wallet_b",
    name: "Mobile Wallet B",
    blurb: "Pay with the wallet on this device, or approve in the wallet app.",
    group: "Cards & wallets",
    icon: "phone",
  },
  {
    id: "online_wallet",
    name: "Online Wallet",
    blurb: "Log in to your online wallet to pay.",
    group: "Cards & wallets",
    icon: "wallet",
  },
  {
    id: "bank_selection",
    name: "Online banking",
    blurb: "Choose your bank and approve the payment there.",
    group: "Bank payments",
    icon: "bank",
  },
  {
    id: "instant_transfer",
    name: "Instant bank transfer",
    blurb: "Log in to your bank and transfer the amount instantly.",
    group: "Bank payments",
    icon: "bolt",
  },
  {
    id: "bank_initiated",
    name: "Pay by bank app",
    blurb: "Your bank asks you to confirm the payment.",
    group: "Bank payments",
    icon: "bank",
  },
  {
    id: "debit_card_redirect",
    name: "National debit card",
    blurb: "Confirm with your debit card's own payment page.",
    group: "Bank payments",
    icon: "debit",
  },
  {
    id: "sepa",
    name: "SEPA Direct Debit",
    blurb: "Sign a mandate once; later orders are debited straight away.",
    group: "Bank payments",
    icon: "bank",
  },
  {
    id: "direct_debit",
    name: "Direct debit",
    blurb: "Debit a bank account you linked before.",
    group: "Bank payments",
    icon: "debit",
  },
  {
    id: "instant_payment",
    name: "PIX",
    blurb: "Scan a QR code with your banking app.",
    group: "Bank payments",
    icon: "pix",
  },
  {
    id: "bnpl",
    name: "Buy now, pay later",
    blurb: "Get your coffee now and pay within 30 days.",
    group: "Pay later & vouchers",
    icon: "calendar",
  },
  {
    id: "instalment_credit",
    name: "Pay in instalments",
    blurb: "Spread the cost over several months.",
    group: "Pay later & vouchers",
    icon: "calendar",
  },
  {
    id: "finance_provider",
    name: "Financing",
    blurb: "Finance your order through a partner.",
    group: "Pay later & vouchers",
    icon: "calendar",
  },
  {
    id: "prepaid_voucher",
    name: "Prepaid voucher",
    blurb: "Redeem a 16-digit voucher PIN.",
    group: "Pay later & vouchers",
    icon: "ticket",
  },
  {
    id: "dummy",
    name: "Dummy (test outcomes)",
    blurb: "Sandbox only: choose how the payment ends.",
    group: "Sandbox",
    icon: "flask",
  },
];

export const PAYMENT_METHOD_GROUPS: readonly PaymentMethodGroup[] = [
  "Cards & wallets",
  "Bank payments",
  "Pay later & vouchers",
  "Sandbox",
];

export const isPaymentMethodId = (s: unknown): s is PaymentMethodId => PAYMENT_METHODS.some((m) => m.id === s);

export const paymentMethodName = (id: string) => PAYMENT_METHODS.find((m) => m.id === id)?.name ?? id;

/** Statuses the dummy product can be told to end in (every Payrail status except INITIATED). */
export const DUMMY_STATUSES = [
  "SETTLEMENT_REQUESTED",
  "SETTLEMENT_COMPLETED",
  "AUTHORIZED",
  "PENDING",
  "IN_PROGRESS",
  "DECLINED",
  "FAILED",
  "CANCELLED",
  "ABANDONED",
  "UNKNOWN",
  "AUTHORIZATION_VOIDED",
] as const;

/** Finance partners the shop works with (finance_provider's `provider_id`). */
export const FINANCE_PROVIDERS = [
  { id: "harbour-finance", name: "Harbour Finance · 0% over 3 months" },
  { id: "tulip-credit", name: "Tulip Credit · 12 monthly payments" },
] as const;

/** Prefilled in the SEPA form: a real-format German IBAN with a valid checksum (and its BIC). */
export const SEPA_EXAMPLE = { iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX", country: "DE" } as const;

/**
 * The store's own PIX account: the beneficiary of its PIX payments (spec 2.3: `pix_name`,
 * `pix_document_id` and `pix_key` are the beneficiary's), so the QR code the shopper scans pays
 * the shop. A CNPJ with valid check digits (sandbox).
 */
export const STORE_PIX_BENEFICIARY = {
  pix_name: "Payrail Coffee Co.",
  pix_document_id: "45.997.418/0001-53",
  pix_key: "pix@payrail-coffee.example",
} as const;
