/** The payment products (DESIGN section 6): the one list every layer imports. */
export const PAYMENT_PRODUCTS = [
  "card",
  "mobile_wallet_a",
  "mobile_wallet_b",
  "debit_card_redirect",
  "instalment_credit",
  "dummy",
  "direct_debit",
  "finance_provider",
  "bank_selection",
  "bnpl",
  "online_wallet",
  "prepaid_voucher",
  "instant_payment",
  "sepa",
  "instant_transfer",
  "bank_initiated",
] as const;

export type ProductId = (typeof PAYMENT_PRODUCTS)[number];

/** Human names for pages, the dashboard and docs. */
export const PAYMENT_PRODUCT_LABELS: Record<ProductId, string> = {
  card: "Card",
  mobile_wallet_a: "Mobile Wallet A",
  mobile_wallet_b: "Mobile Wallet B",
  debit_card_redirect: "National Debit Card",
  instalment_credit: "Instalment Credit",
  dummy: "Dummy (test outcomes)",
  direct_debit: "Direct Debit",
  finance_provider: "Finance Provider",
  bank_selection: "Online Banking (bank selection)",
  bnpl: "Buy Now, Pay Later",
  online_wallet: "Online Wallet",
  prepaid_voucher: "Prepaid Voucher",
  instant_payment: "Instant Payment (PIX)",
  sepa: "SEPA Direct Debit",
  instant_transfer: "Instant Bank Transfer",
  bank_initiated: "Bank-initiated Payment",
};

export function isProductId(s: unknown): s is ProductId {
  return typeof s === "string" && (PAYMENT_PRODUCTS as readonly string[]).includes(s);
}
