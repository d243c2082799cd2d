import { randomBytes } from "node:crypto";
import { invalidFields } from "@/lib/errors/validation";
import { detailsSchemaOf } from "@/lib/contract/payment-details";
import { type PaymentMethodId, STORE_PIX_BENEFICIARY } from "@/lib/store/payment-methods";

/** The shopper's form: field names are the API's own paths (`details.issuer`, `details.sender.0.account_number`). */
export type FormValues = Record<string, string>;

export type DetailsContext = {
  /** The store's return page (`redirect_url`). */
  returnUrl: string;
  /** The origin of the store page that frames the hosted card page. */
  origin: string;
};

/** The parent-window function the hosted card iFrame calls (defined on the store's card page). */
export const CARD_REDIRECT_FUNCTION = "payrailDone";

const opt = (values: FormValues, name: string) => {
  const v = values[name]?.trim();
  return v ? v : undefined;
};
// Always a string for required fields, so a missing one fails the schema as "Required" on its own path.
const req = (values: FormValues, name: string) => values[name]?.trim() ?? "";

/** A sandbox stand-in for the payment token a device wallet hands to the page. */
const deviceWalletToken = () => `sandbox-wallet-token-${randomBytes(12).toString("hex")}`;

/**
 * Builds a product's `details` from the checkout form. Each product gets exactly the fields its
 * schema knows (the schemas are strict), plus what the store adds itself: `redirect_url`, and
 * for the card the iFrame fields.
 */
export function buildDetails(
  product: PaymentMethodId,
  values: FormValues,
  { returnUrl, origin }: DetailsContext,
): Record<string, unknown> {
  const redirect = { redirect_url: returnUrl };
  const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

  switch (product) {
    case "card":
      return drop({
        ...redirect,
        origin,
        redirect_parent_function: CARD_REDIRECT_FUNCTION,
        force_3DSecure: values["details.force_3DSecure"] === "on" ? true : undefined,
      });
    case "mobile_wallet_a":
    case "mobile_wallet_b":
      // With a token from the device the charge is server to server; otherwise the shopper approves in the wallet.
      return values.wallet_mode === "device" ? { token_data: deviceWalletToken() } : redirect;
    case "online_wallet":
      return drop({ ...redirect, description: opt(values, "details.description") });
    case "bank_selection":
      return drop({ ...redirect, issuer: opt(values, "details.issuer") });
    case "bank_initiated":
      return { ...redirect, bank: req(values, "details.bank") };
    case "finance_provider":
      return { ...redirect, provider_id: req(values, "details.provider_id") };
    case "instant_payment":
      // The beneficiary is the shop, not the shopper: the shopper only scans the code.
      return { ...redirect, ...STORE_PIX_BENEFICIARY };
    case "sepa":
      return drop({
        ...redirect,
        sender: [
          drop({
            account_number: req(values, "details.sender.0.account_number"),
            bank_code: opt(values, "details.sender.0.bank_code")?.toUpperCase(),
            country_code: req(values, "details.sender.0.country_code"),
            holder_name: req(values, "details.sender.0.holder_name"),
          }),
        ],
        mandate: opt(values, "details.mandate"),
        sepa_due_date: opt(values, "details.sepa_due_date"),
      });
    case "direct_debit":
      // The shopper picks the linked account and its type; the rest is the shop's to say: one
      // order is a single debit, placed online. No check_number: that is for US paper checks (ACH).
      return {
        account_type: req(values, "details.account_type"),
        bank_account: req(values, "details.bank_account"),
        type: "single",
        order_source: "ecommerce",
      };
    case "bnpl":
      return {};
    case "dummy":
      return drop({
        ...redirect,
        dummy_outcome: opt(values, "details.dummy_outcome"),
        dummy_outcome_update: opt(values, "details.dummy_outcome_update"),
      });
    default:
      // debit_card_redirect, instalment_credit, prepaid_voucher, instant_transfer: only where to return.
      return redirect;
  }
}

/**
 * Validates `details` with the product's own zod schema, the one Payrail's API uses, so the
 * shopper sees the same reasons inline before anything is sent. Field errors are keyed by the
 * API's paths (`details.sender.0.account_number`).
 */
export function validateDetails(product: PaymentMethodId, details: Record<string, unknown>): Record<string, string> {
  const result = detailsSchemaOf(product).safeParse(details);

  return result.success ? {} : invalidFields(result.error, "details", details);
}
