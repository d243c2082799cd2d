import { Field, inputClass, inputProps, selectClass } from "@/components/store/ui";
import {
  DUMMY_STATUSES,
  FINANCE_PROVIDERS,
  STORE_PIX_BENEFICIARY,
  SEPA_EXAMPLE,
  type PaymentMethodId,
} from "@/lib/store/payment-methods";

export type Issuer = { id: string; name: string; country_code: string };

export type MethodFieldsProps = {
  method: PaymentMethodId;
  values: Record<string, string>;
  errors: Record<string, string>;
  issuers: Issuer[];
  /** Prefills that depend on the order (wallet description, names). */
  prefill: { description: string; fullName: string; email: string };
};

function Note({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-stone-600">{children}</p>;
}

/** The `details` form of one payment product; field names are the API's paths. */
export function PaymentMethodFields({ method, values, errors, issuers, prefill }: MethodFieldsProps) {
  const p = (name: string, fallback = "") => inputProps(name, values, errors, fallback);
  const f = (name: string) => ({ name, error: errors[name] });

  switch (method) {
    case "card":
      return (
        <div className="space-y-3">
          <Note>
            On the next page you enter your card in a secure Payrail window. Your card number never touches our shop.
          </Note>
          <label className="flex items-center gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              name="details.force_3DSecure"
              defaultChecked={values["details.force_3DSecure"] === "on"}
              className="accent-amber-700"
            />
            Always ask for 3-D Secure (sandbox)
          </label>
        </div>
      );
    case "mobile_wallet_a":
    case "mobile_wallet_b": {
      const mode = values.wallet_mode ?? "device";
      return (
        <fieldset className="space-y-2">
          <legend className="sr-only">How to pay with the wallet</legend>
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="radio"
              name="wallet_mode"
              value="device"
              defaultChecked={mode === "device"}
              className="mt-0.5 accent-amber-700"
            />
            <span>
              <span className="font-medium">Pay with the wallet on this device</span>
              <span className="block text-stone-500">
                One tap: the wallet hands us a payment token and you&apos;re done.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="radio"
              name="wallet_mode"
              value="redirect"
              defaultChecked={mode === "redirect"}
              className="mt-0.5 accent-amber-700"
            />
            <span>
              <span className="font-medium">Approve in the wallet app</span>
              <span className="block text-stone-500">We send you to the wallet to confirm.</span>
            </span>
          </label>
        </fieldset>
      );
    }
    case "online_wallet":
      return (
        <Field label="Description shown in your wallet" hint="At most 127 characters." {...f("details.description")}>
          <textarea className={`${inputClass} h-20 resize-none`} {...p("details.description", prefill.description)} />
        </Field>
      );
    case "bank_selection":
      return (
        <Field label="Your bank" hint="Or choose it on the bank selection page." {...f("details.issuer")}>
          <select className={selectClass} {...p("details.issuer")}>
            <option value="">Choose at the next step</option>
            {issuers.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name} ({i.country_code})
              </option>
            ))}
          </select>
        </Field>
      );
    case "bank_initiated":
      return issuers.length > 0 ? (
        <Field label="Your bank" {...f("details.bank")}>
          <select className={selectClass} {...p("details.bank", issuers[0].id)}>
            {issuers.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name} ({i.country_code})
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Field label="Your bank's id" {...f("details.bank")}>
          <input className={inputClass} {...p("details.bank")} />
        </Field>
      );
    case "finance_provider":
      return (
        <Field label="Financing partner" {...f("details.provider_id")}>
          <select className={selectClass} {...p("details.provider_id", FINANCE_PROVIDERS[0].id)}>
            {FINANCE_PROVIDERS.map((fp) => (
              <option key={fp.id} value={fp.id}>
                {fp.name}
              </option>
            ))}
          </select>
        </Field>
      );
    case "instant_payment":
      return (
        <Note>
          You&apos;ll pay on the next page by scanning a PIX QR code with your bank&apos;s app (or copying its code). It
          pays {STORE_PIX_BENEFICIARY.pix_name}, CNPJ {STORE_PIX_BENEFICIARY.pix_document_id}.
        </Note>
      );
    case "sepa":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Account holder" className="sm:col-span-2" {...f("details.sender.0.holder_name")}>
            <input
              className={inputClass}
              autoComplete="name"
              {...p("details.sender.0.holder_name", prefill.fullName)}
            />
          </Field>
          {/* A whole row, and a little tighter on a phone: all 27 characters of an IBAN in view at 390 px
              (the font stays 16 px, below which iOS zooms into a focused field). */}
          <Field
            label="IBAN"
            hint="Sandbox example with a valid checksum"
            className="sm:col-span-2"
            {...f("details.sender.0.account_number")}
          >
            <input
              className={`${inputClass} px-2.5 font-mono tracking-tighter sm:px-3 sm:tracking-normal`}
              autoComplete="off"
              spellCheck={false}
              {...p("details.sender.0.account_number", SEPA_EXAMPLE.iban)}
            />
          </Field>
          <Field label="BIC (optional)" {...f("details.sender.0.bank_code")}>
            <input
              className={`${inputClass} font-mono`}
              autoComplete="off"
              spellCheck={false}
              {...p("details.sender.0.bank_code", SEPA_EXAMPLE.bic)}
            />
          </Field>
          <Field label="Bank country" {...f("details.sender.0.country_code")}>
            <select className={selectClass} {...p("details.sender.0.country_code", SEPA_EXAMPLE.country)}>
              {SEPA_COUNTRIES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Debit date (optional)" {...f("details.sepa_due_date")}>
            <input type="date" className={inputClass} {...p("details.sepa_due_date")} />
          </Field>
          <Field
            label="Mandate reference (optional)"
            hint="Leave empty: we use your existing mandate, or you sign a new one."
            className="sm:col-span-2"
            {...f("details.mandate")}
          >
            <input className={inputClass} autoComplete="off" {...p("details.mandate")} />
          </Field>
        </div>
      );
    case "direct_debit":
      // Only what a shopper of this (European, online) shop can answer. The store itself sends
      // `type: single` (one order, one debit) and `order_source: ecommerce` (lib/store/payment-details.ts);
      // `check_number` (US paper checks, ACH) never applies here and is not asked.
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Linked bank account"
            hint="The account token from when you linked your bank."
            className="sm:col-span-2"
            {...f("details.bank_account")}
          >
            <input
              className={`${inputClass} font-mono`}
              autoComplete="off"
              spellCheck={false}
              {...p("details.bank_account", "ba_sandbox_checking_001")}
            />
          </Field>
          <Field label="Account type" {...f("details.account_type")}>
            <select className={selectClass} {...p("details.account_type", "checking")}>
              <option value="checking">Current account</option>
              <option value="savings">Savings account</option>
            </select>
          </Field>
        </div>
      );
    case "dummy":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Outcome" hint="Empty: choose it on the sandbox page." {...f("details.dummy_outcome")}>
            <select className={selectClass} {...p("details.dummy_outcome")}>
              <option value="">Ask me on the sandbox page</option>
              {DUMMY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Then change to (optional)"
            hint="Applied a few seconds later."
            {...f("details.dummy_outcome_update")}
          >
            <select className={selectClass} {...p("details.dummy_outcome_update")}>
              <option value="">No later change</option>
              {DUMMY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
        </div>
      );
    case "bnpl":
      return (
        <Note>Pay within 30 days of delivery. No extra details needed: you&apos;ll see the result right away.</Note>
      );
    case "instalment_credit":
      return <Note>You&apos;ll choose your plan with the credit provider on the next page.</Note>;
    case "debit_card_redirect":
      return <Note>You&apos;ll confirm the payment on your debit card&apos;s page.</Note>;
    case "prepaid_voucher":
      return <Note>You&apos;ll enter your 16-digit voucher PIN on the next page.</Note>;
    case "instant_transfer":
      return <Note>You&apos;ll log in to your bank on the next page and the transfer is instant.</Note>;
  }
}

const SEPA_COUNTRIES = [
  ["DE", "Germany"],
  ["NL", "Netherlands"],
  ["BE", "Belgium"],
  ["FR", "France"],
  ["AT", "Austria"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["IE", "Ireland"],
  ["LU", "Luxembourg"],
  ["PT", "Portugal"],
] as const;
