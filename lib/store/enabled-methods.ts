import { log } from "@/lib/log";
import { PAYMENT_METHODS, type PaymentMethodId } from "@/lib/store/payment-methods";
import { getPayrailClient } from "@/lib/store/payrail-client";

/**
 * The payment methods checkout offers: those the merchant has switched on for the store's payment
 * profile (`enabled_products` of `GET /v1/payment-profile/<id>`). Asked on every checkout, not
 * cached: a product switched off in the dashboard must disappear from the next checkout, or the
 * shopper fills in its form only for Payrail to refuse it (150). If Payrail cannot say, every
 * method is offered and a switched-off one is still refused at the start, with its message.
 */
export async function loadEnabledMethods(): Promise<PaymentMethodId[]> {
  const all = PAYMENT_METHODS.map((m) => m.id);
  try {
    const enabled = new Set(await (await getPayrailClient()).enabledProducts());
    return all.filter((id) => enabled.has(id));
  } catch (err) {
    log().warn({ err }, "store: could not read the enabled payment products; offering all");
    return all;
  }
}
