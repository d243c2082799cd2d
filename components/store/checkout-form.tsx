"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { placeOrder } from "@/app/(store)/store/actions";
import { MethodIcon } from "@/components/store/method-icon";
import { PaymentMethodFields, type Issuer } from "@/components/store/payment-method-fields";
import { Alert, Card, Field, inputClass, inputProps, primaryButtonClass, selectClass } from "@/components/store/ui";
import { formatAmount } from "@/components/pay/format";
import { initialCheckoutState, type CheckoutState } from "@/lib/store/checkout-state";
import { PAYMENT_METHOD_GROUPS, PAYMENT_METHODS, type PaymentMethodId } from "@/lib/store/payment-methods";

/** Prefilled demo shopper: everything editable, everything valid for POST /v1/customer. */
export const DEMO_CUSTOMER: Record<string, string> = {
  first_name: "Ada",
  last_name: "Lovelace",
  email_address: "ada.lovelace@example.com",
  phone_number: "+31201234567",
  date_of_birth: "1985-12-10",
  street_address: "Keizersgracht",
  house_number: "123",
  postal_code: "1015 CJ",
  city: "Amsterdam",
  country_code: "NL",
};

const COUNTRIES = [
  ["NL", "Netherlands"],
  ["BE", "Belgium"],
  ["DE", "Germany"],
  ["FR", "France"],
  ["AT", "Austria"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["PT", "Portugal"],
  ["IE", "Ireland"],
  ["LU", "Luxembourg"],
  ["BR", "Brazil"],
  ["GB", "United Kingdom"],
  ["US", "United States"],
] as const;

/** What happens after "Pay", under the button: what the chosen method really does next. */
function finishNote(method: PaymentMethodId | undefined, walletMode: string): string {
  switch (method) {
    case "card":
      return "Next: enter your card in the secure Payrail window.";
    case "bnpl":
    case "direct_debit":
      return "You'll see the result right away.";
    case "mobile_wallet_a":
    case "mobile_wallet_b":
      // The device's wallet token is charged server to server; the wallet app is a page to approve on.
      return walletMode === "redirect"
        ? "Next: approve the payment in the wallet app."
        : "The wallet pays at once: you'll see the result right away.";
    default:
      return "You may be taken to a payment page to finish.";
  }
}

type Props = {
  total: number;
  issuers: Issuer[];
  /** The methods the merchant has switched on at Payrail (lib/store/enabled-methods.ts). */
  methods: PaymentMethodId[];
  walletDescription: string;
};

export function CheckoutForm({ total, issuers, methods, walletDescription }: Props) {
  const [state, action, pending] = useActionState<CheckoutState, FormData>(placeOrder, initialCheckoutState);
  const values = state.values ?? {};
  const errors = state.status === "error" ? state.fieldErrors : {};
  const [chosen, setMethod] = useState<PaymentMethodId | undefined>(() =>
    [values.payment_product, "card", methods[0]].find((m): m is PaymentMethodId =>
      methods.includes(m as PaymentMethodId),
    ),
  );
  // A method switched off since (the page re-renders after Payrail refused it) is no longer chosen.
  const method = chosen && methods.includes(chosen) ? chosen : undefined;
  const [walletMode, setWalletMode] = useState(values.wallet_mode ?? "device");
  const [names, setNames] = useState({
    first: values.first_name ?? DEMO_CUSTOMER.first_name,
    last: values.last_name ?? DEMO_CUSTOMER.last_name,
  });
  const [email, setEmail] = useState(values.email_address ?? DEMO_CUSTOMER.email_address);
  const formRef = useRef<HTMLFormElement>(null);
  const leaving = state.status === "redirect";

  useEffect(() => {
    // A full navigation: approval_url is Payrail's page, not a route of this app.
    if (state.status === "redirect") window.location.assign(state.url);
    if (state.status !== "error") return;
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>("[aria-invalid=true]");
    if (field) {
      field.focus();
      return;
    }
    // Refused with no field to point at (a product switched off, Payrail out of reach): the message
    // is at the top of a long form while the shopper is at the Pay button, so it takes the focus,
    // and the view goes with it; otherwise the button just looks dead.
    const alert = form?.querySelector<HTMLElement>("[data-testid=form-error] [role=alert]");
    alert?.focus({ preventScroll: true });
    alert?.scrollIntoView({ block: "center" });
  }, [state]);

  const offered = PAYMENT_METHODS.filter((m) => methods.includes(m.id));
  const c = (name: string) => inputProps(name, values, errors, DEMO_CUSTOMER[name] ?? "");
  const f = (name: string) => ({ name, error: errors[name] });

  return (
    <form ref={formRef} action={action} className="space-y-6" noValidate aria-busy={pending || leaving}>
      {state.status === "error" && state.formError ? (
        <div data-testid="form-error">
          <Alert tabIndex={-1}>{state.formError}</Alert>
        </div>
      ) : null}
      {/* Remounted per attempt so the fields show what was sent (React resets a form after its action). */}
      <div key={state.attempt} className="space-y-6">
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-stone-900">Contact</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field label="E-mail" {...f("email_address")}>
              <input
                type="email"
                autoComplete="email"
                className={inputClass}
                {...c("email_address")}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field label="Phone" hint="International format, e.g. +31201234567" {...f("phone_number")}>
              <input type="tel" autoComplete="tel" className={inputClass} {...c("phone_number")} />
            </Field>
          </div>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-stone-900">Shipping address</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-6">
            <Field label="First name" className="sm:col-span-3" {...f("first_name")}>
              <input
                autoComplete="given-name"
                className={inputClass}
                {...c("first_name")}
                onChange={(e) => setNames((n) => ({ ...n, first: e.target.value }))}
              />
            </Field>
            <Field label="Last name" className="sm:col-span-3" {...f("last_name")}>
              <input
                autoComplete="family-name"
                className={inputClass}
                {...c("last_name")}
                onChange={(e) => setNames((n) => ({ ...n, last: e.target.value }))}
              />
            </Field>
            <Field label="Street" className="sm:col-span-4" {...f("street_address")}>
              <input autoComplete="address-line1" className={inputClass} {...c("street_address")} />
            </Field>
            <Field label="House number" className="sm:col-span-2" {...f("house_number")}>
              <input className={inputClass} {...c("house_number")} />
            </Field>
            <Field label="Postal code" className="sm:col-span-2" {...f("postal_code")}>
              <input autoComplete="postal-code" className={inputClass} {...c("postal_code")} />
            </Field>
            <Field label="City" className="sm:col-span-2" {...f("city")}>
              <input autoComplete="address-level2" className={inputClass} {...c("city")} />
            </Field>
            <Field label="Country" className="sm:col-span-2" {...f("country_code")}>
              <select autoComplete="country" className={selectClass} {...c("country_code")}>
                {COUNTRIES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label="Date of birth"
              hint="Optional; pay-later partners may ask for it."
              className="sm:col-span-3"
              {...f("date_of_birth")}
            >
              <input type="date" autoComplete="bday" className={inputClass} {...c("date_of_birth")} />
            </Field>
          </div>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-stone-900">Payment method</h2>
          {errors.payment_product ? <p className="mt-1 text-sm text-red-700">{errors.payment_product}</p> : null}
          {methods.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">
              No payment method is available right now. Please try again later.
            </p>
          ) : null}
          <div
            className="mt-4 space-y-5"
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              if (input.name === "wallet_mode") setWalletMode(input.value);
            }}
          >
            {PAYMENT_METHOD_GROUPS.map((group) => [group, offered.filter((m) => m.group === group)] as const)
              .filter(([, inGroup]) => inGroup.length > 0)
              .map(([group, inGroup]) => (
                <fieldset key={group}>
                  <legend className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">{group}</legend>
                  <div className="overflow-hidden rounded-xl border border-stone-200">
                    {inGroup.map((m) => {
                      const selected = m.id === method;
                      return (
                        <div
                          key={m.id}
                          className={`border-b border-stone-200 last:border-b-0 ${selected ? "bg-amber-50/60" : "bg-white"}`}
                          data-testid={`method-${m.id}`}
                        >
                          <label className="flex cursor-pointer items-center gap-3 px-4 py-3">
                            <input
                              type="radio"
                              name="payment_product"
                              value={m.id}
                              checked={selected}
                              onChange={() => {
                                setMethod(m.id);
                                // The wallet fields open on their default (or what was sent) again.
                                setWalletMode(values.wallet_mode ?? "device");
                              }}
                              className="h-4 w-4 flex-none accent-amber-700"
                            />
                            <MethodIcon icon={m.icon} />
                            <span className="min-w-0">
                              <span className="block font-medium text-stone-900">{m.name}</span>
                              <span className="block text-sm text-stone-500">{m.blurb}</span>
                            </span>
                          </label>
                          {selected ? (
                            <div className="border-t border-amber-100 px-4 pt-3 pb-4 sm:pl-[4.25rem]">
                              <PaymentMethodFields
                                method={m.id}
                                values={values}
                                errors={errors}
                                issuers={issuers}
                                prefill={{
                                  description: walletDescription,
                                  fullName: `${names.first} ${names.last}`.trim(),
                                  email,
                                }}
                              />
                            </div>
                          ) : null}
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
          </div>
        </Card>
      </div>

      <div>
        {/* aria-disabled, not disabled, while placing the order: the focus stays on the button (a
            disabled one drops it to the page's start), and a second press places nothing. */}
        <button
          type="submit"
          className={primaryButtonClass}
          aria-disabled={pending || leaving || undefined}
          onClick={(e) => {
            if (pending || leaving) e.preventDefault();
          }}
        >
          {leaving ? "Taking you to payment…" : pending ? "Placing your order…" : `Pay ${formatAmount(total)}`}
        </button>
        <p className="mt-2 text-center text-xs text-stone-500">{finishNote(method, walletMode)}</p>
      </div>
    </form>
  );
}
