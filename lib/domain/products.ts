/**
 * The payment products (DESIGN section 6), one line each: id and human name. Every layer imports
 * this list; a new product adds its line here, its module under lib/processors/ and its line in
 * the registry (docs/adding-a-product.md).
 */
const PRODUCTS = [
  ["card", "Card"],
  ["mobile_wallet_a", "Mobile Wallet A"],
  ["mobile_wallet_b", "Mobile Wallet B"],
  ["debit_card_redirect", "National Debit Card"],
  ["instalment_credit", "Instalment Credit"],
  ["dummy", "Dummy (test outcomes)"],
  ["direct_debit", "Direct Debit"],
  ["finance_provider", "Finance Provider"],
  ["bank_selection", "Online Banking (bank selection)"],
  ["bnpl", "Buy Now, Pay Later"],
  ["online_wallet", "Online Wallet"],
  ["prepaid_voucher", "Prepaid Voucher"],
  ["instant_payment", "Instant Payment (PIX)"],
  ["sepa", "SEPA Direct Debit"],
  ["instant_transfer", "Instant Bank Transfer"],
  ["bank_initiated", "Bank-initiated Payment"],
] as const;

export type ProductId = (typeof PRODUCTS)[number][0];

export const PAYMENT_PRODUCTS = PRODUCTS.map(([id]) => id) as unknown as readonly [ProductId, ...ProductId[]];

/** Human names for pages, the dashboard and docs. */
export const PAYMENT_PRODUCT_LABELS = Object.fromEntries(PRODUCTS) as Record<ProductId, string>;

export function isProductId(s: unknown): s is ProductId {
  return typeof s === "string" && (PAYMENT_PRODUCTS as readonly string[]).includes(s);
}

/** The human name of a stored product id; an id this version does not know is shown as it is. */
export function productLabel(id: string): string {
  return isProductId(id) ? PAYMENT_PRODUCT_LABELS[id] : id;
}
