import { invalidFields } from "@/lib/errors/validation";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";
import { CustomerCreateSchema } from "@/lib/schemas/customer";
import type { Cart } from "@/lib/store/cart";
import { orderStatus } from "@/lib/store/order-status";
import {
  applyPaymentStatus,
  attachTransaction,
  createOrder,
  deleteUnstartedOrder,
  type StoreOrder,
} from "@/lib/store/orders";
import { isPaymentGone, markPaymentGone } from "@/lib/store/gone-payments";
import { buildDetails, validateDetails, type FormValues } from "@/lib/store/payment-details";
import { isPaymentMethodId } from "@/lib/store/payment-methods";
import {
  getPayrailClient,
  PayrailError,
  type PayrailClient,
  type PayrailTransaction,
} from "@/lib/store/payrail-client";

/** The customer fields of the checkout form, named as in `POST /v1/customer`. */
export const CUSTOMER_FIELDS = [
  "first_name",
  "last_name",
  "email_address",
  "phone_number",
  "date_of_birth",
  "street_address",
  "house_number",
  "postal_code",
  "city",
  "country_code",
] as const;

export type CheckoutOptions = {
  values: FormValues;
  cart: Cart;
  /** The store's origin as the shopper's browser sees it (redirect_url, card iFrame origin). */
  origin: string;
  customerIp?: string;
  userAgent?: string;
};

export type CheckoutResult =
  | { ok: true; orderId: string; next: string }
  | {
      ok: false;
      fieldErrors: Record<string, string>;
      formError?: string;
      /** Payrail refused the product (150: the merchant switched it off): the offered methods are stale. */
      methodUnavailable?: boolean;
    };

const fail = (formError: string, fieldErrors: Record<string, string> = {}): Extract<CheckoutResult, { ok: false }> => ({
  ok: false,
  formError,
  fieldErrors,
});

/**
 * Places an order and starts its payment: validate the form with Payrail's own schemas, create
 * the order, find or create the Payrail customer for the e-mail, start the transaction, and say
 * where the shopper goes next (approval_url, the card page, or straight to the return page).
 */
export async function checkout({
  values,
  cart,
  origin,
  customerIp,
  userAgent,
}: CheckoutOptions): Promise<CheckoutResult> {
  if (cart.lines.length === 0) return fail("Your cart is empty.");
  const product = values.payment_product;
  if (!isPaymentMethodId(product))
    return fail("Choose a payment method.", { payment_product: "Choose a payment method" });

  const customerInput = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, (values[f] ?? "").trim()]));
  const customerCheck = CustomerCreateSchema.safeParse(customerInput);
  const details = buildDetails(product, values, { returnUrl: `${origin}/store/return`, origin });
  const fieldErrors = {
    ...(customerCheck.success ? {} : invalidFields(customerCheck.error, "", customerInput)),
    ...validateDetails(product, details),
  };
  if (Object.keys(fieldErrors).length > 0) return fail("Please check the highlighted fields.", fieldErrors);

  let payrail: PayrailClient;
  try {
    payrail = await getPayrailClient();
  } catch (err) {
    log().error({ err }, "store: no Payrail credentials");
    return fail("Payments are not available right now. Please try again later.");
  }
  const order = await createOrder({
    cart,
    email: customerInput.email_address.toLowerCase(),
    customerName: `${customerInput.first_name} ${customerInput.last_name}`,
    customer: customerInput,
    paymentProduct: product,
  });

  try {
    const start = (customer: string) =>
      payrail.startTransaction({
        amount: order.amount,
        customer,
        customer_ip: customerIp,
        user_agent: userAgent,
        // Letters, digits, space and "-" only, at most 27: valid for every product (instant_transfer is the strictest).
        dynamic_descriptor: `Payrail Coffee ${order.reference}`,
        merchant_reference: order.reference,
        payment_product: product,
        details,
      });
    let customerId = await findOrCreateCustomer(payrail, customerInput);
    let transaction: PayrailTransaction;
    try {
      transaction = await start(customerId);
    } catch (err) {
      // The remembered customer is gone (another database, another merchant's key): create it again, once.
      if (!(err instanceof PayrailError && err.code === "120" && err.details?.resource === "customer")) throw err;
      customerId = await findOrCreateCustomer(payrail, customerInput, { forget: true });
      transaction = await start(customerId);
    }
    const approvalUrl = transaction.details.approval_url ?? "";
    try {
      await attachTransaction(order.id, { id: transaction.id, customer: customerId, approvalUrl });
      await applyPaymentStatus({
        transactionId: transaction.id,
        status: transaction.status,
        statusReason: transaction.status_reason,
        at: new Date(transaction.last_status_update),
        source: "start",
      });
    } catch (err) {
      // Payrail took the payment but the shop could not record it: undo the charge rather than keep money for no order.
      await compensate(payrail, transaction);
      throw err;
    }

    // Through the store's continue route, which empties the cart on the way (see its comment).
    return { ok: true, orderId: order.id, next: `/store/checkout/continue/${order.id}` };
  } catch (err) {
    await deleteUnstartedOrder(order.id).catch(() => {});

    return startFailed(err, values);
  }
}

/** Where a placed order's shopper goes: the card page, Payrail's approval_url, or (finished server to server) the return page. */
export function nextStepOf(order: {
  id: string;
  paymentProduct: string;
  approvalUrl: string;
  payrailTransactionId: string | null;
}): string {
  // The card is paid inside the Payrail iFrame on the store's own page.
  if (order.paymentProduct === "card" && order.approvalUrl) return `/store/checkout/card/${order.id}`;
  if (order.approvalUrl) return order.approvalUrl;

  // Finished server to server (bnpl, direct debit, wallet token, reused SEPA mandate, dummy outcome).
  return `/store/return?transaction_id=${encodeURIComponent(order.payrailTransactionId ?? "")}`;
}

async function compensate(payrail: PayrailClient, t: PayrailTransaction) {
  try {
    if (t.status === "SETTLEMENT_REQUESTED") await payrail.cancelTransaction(t.id);
    else if (t.status === "AUTHORIZED") await payrail.voidTransaction(t.id);
  } catch (err) {
    log().error(
      { err, transaction: t.id, status: t.status },
      "store: could not undo a payment of an order that was not recorded",
    );
  }
}

/**
 * "Choose another payment method" / "Try again" on an order whose payment is still open: it is
 * cancelled at Payrail first, so that the old page (another tab, the Back button) can no longer
 * pay it: one cart, one payment. Returns false when the payment was finished meanwhile (paid in
 * another tab): the shopper is then shown that order instead of paying again. A payment Payrail
 * no longer knows (120) is over too: the order is marked gone (lib/store/gone-payments.ts).
 */
export async function releaseOrderPayment(order: StoreOrder): Promise<boolean> {
  const id = order.payrailTransactionId;
  const ended = (status: string) => ["cancelled", "failed"].includes(orderStatus(status).state);
  // Not started, or known to be over either way (paid, authorised, under review: not again).
  if (!id) return true;
  if (orderStatus(order.paymentStatus).state !== "awaiting") return ended(order.paymentStatus);
  const payrail = await getPayrailClient();
  let t: PayrailTransaction;
  try {
    try {
      t = await payrail.cancelTransaction(id);
    } catch (err) {
      if (!(err instanceof PayrailError) || err.code !== "130") throw err;
      t = await payrail.getTransaction(id);
    }
  } catch (err) {
    // Payrail no longer knows the payment (a sandbox reset): it can never be paid, so the order
    // ends as gone and the shopper chooses again, as after a cancel.
    if (!isPaymentGone(err)) throw err;
    await markPaymentGone(id);
    return true;
  }
  await applyPaymentStatus({
    transactionId: t.id,
    status: t.status,
    statusReason: t.status_reason,
    at: new Date(t.last_status_update),
    source: "cancel",
  });
  return ended(t.status);
}

/** A returning e-mail reuses its Payrail customer (spec 2.1): one customer per shopper, not per order. */
async function findOrCreateCustomer(
  payrail: PayrailClient,
  input: Record<string, string>,
  { forget = false } = {},
): Promise<string> {
  const key = {
    paymentProfile_email: {
      paymentProfile: payrail.credentials.paymentProfile,
      email: input.email_address.toLowerCase(),
    },
  };
  if (!forget) {
    const known = await db().storeCustomer.findUnique({ where: key });
    if (known) return known.payrailCustomerId;
  }
  // Unset optional fields are left out rather than sent as "".
  const body = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ""));
  const created = await payrail.createCustomer(body);
  // Two first orders of one shopper at once: both create a customer; the last one is remembered.
  await db().storeCustomer.upsert({
    where: key,
    create: { ...key.paymentProfile_email, payrailCustomerId: created.id },
    update: { payrailCustomerId: created.id },
  });

  return created.id;
}

/** Payrail's answer mapped back onto the form: 101's invalid_fields go to their fields. */
function startFailed(err: unknown, values: FormValues): CheckoutResult {
  if (!(err instanceof PayrailError)) {
    log().error({ err }, "store: checkout failed");
    return fail("Something went wrong on our side. Your card or account has not been charged. Please try again.");
  }
  if (err.code === "101") {
    const fields = err.invalidFields;
    const onForm = Object.fromEntries(Object.entries(fields).filter(([k]) => k in values));
    const elsewhere = Object.entries(fields).filter(([k]) => !(k in values));
    const extra = elsewhere.map(([k, v]) => `${k}: ${v}`).join("; ");
    return fail(
      extra ? `The payment service refused the order (${extra}).` : "Please check the highlighted fields.",
      onForm,
    );
  }
  if (err.code === "150")
    return {
      ...fail("This payment method is not available right now. Please choose another one.", {
        payment_product: "The method you chose is not available any more",
      }),
      methodUnavailable: true,
    };
  log().warn({ status: err.status, code: err.code, message: err.message }, "store: Payrail refused the checkout");
  if (err.status === 0 || err.status >= 500)
    return fail("We could not reach the payment service. Nothing was charged; please try again in a moment.");

  return fail(`The payment could not be started: ${err.message}`);
}
