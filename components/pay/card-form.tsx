"use client";

import { useEffect, useRef, useState } from "react";
import {
  BRAND_NAMES,
  cvcLength,
  detectBrand,
  formatCardNumber,
  splitExpiry,
  validateCard,
  type CardFieldErrors,
} from "@/lib/processors/card/rules";
import { FrameResizer } from "@/components/pay/frame-resizer";
import { HostedForm } from "@/components/pay/hosted-form";
import { Field, inputClass } from "@/components/pay/ui";

type Props = {
  action: string;
  transactionId: string;
  /** The token of the browser that opened approval_url (lib/approval/shopper-session.ts). */
  session: string;
  invalid: string[];
  submitLabel: string;
  resizeTarget?: string;
};

/** The form's fields in page order, by the input's name: the first invalid one gets the focus. */
const FIELD_INPUTS: [keyof CardFieldErrors, string][] = [
  ["number", "card_number"],
  ["expiry", "expiry"],
  ["cvc", "cvc"],
  ["holder", "holder"],
];

const FIELD_HINTS: Record<string, string> = {
  number: "Check the card number",
  expiry: "Check the expiry date",
  cvc: "Check the security code",
  holder: "Check the name on the card",
};

/**
 * The card form. It validates as the shopper types (Luhn, brand, expiry, code length) and posts
 * to the service only: nothing typed here is ever sent to the merchant's page.
 */
export function CardForm({ action, transactionId, session, invalid, submitLabel, resizeTarget }: Props) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [holder, setHolder] = useState("");
  const [errors, setErrors] = useState<CardFieldErrors>(() =>
    Object.fromEntries(invalid.filter((f) => f in FIELD_HINTS).map((f) => [f, FIELD_HINTS[f]])),
  );
  const brand = detectBrand(number);

  const [mm, yy] = splitExpiry(expiry);

  const formRef = useRef<HTMLFormElement>(null);
  // Keyboard and screen-reader users land on the first field to correct, whose message is its
  // description (aria-describedby), so it is read out with the field.
  const focusFirstInvalid = (found: CardFieldErrors) => {
    const first = FIELD_INPUTS.find(([field]) => found[field]);
    const input = first && formRef.current?.elements.namedItem(first[1]);
    if (input instanceof HTMLInputElement) input.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's answer, once, on arrival
  useEffect(() => focusFirstInvalid(errors), []);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "cancel") return;
    const result = validateCard({ number, expiryMonth: mm, expiryYear: yy, cvc, holder });
    // Sent: no message of an earlier try stays beside a field that is right now.
    setErrors(result.errors);
    if (Object.keys(result.errors).length) {
      e.preventDefault();
      focusFirstInvalid(result.errors);
    }
  };

  const errorId = (field: keyof CardFieldErrors) => `card-error-${field}`;
  const described = (field: keyof CardFieldErrors) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": errorId(field) } : {};
  const error = (field: keyof CardFieldErrors) =>
    errors[field] ? (
      <span id={errorId(field)} className="mt-1 block text-xs font-medium text-red-700" data-testid={`error-${field}`}>
        {errors[field]}
      </span>
    ) : null;

  return (
    <HostedForm ref={formRef} method="post" action={action} onSubmit={onSubmit} className="space-y-4" noValidate>
      <FrameResizer target={resizeTarget} />
      <input type="hidden" name="transaction_id" value={transactionId} />
      <input type="hidden" name="s" value={session} />
      <Field label="Card number" htmlFor="card-number">
        <div className="relative">
          <input
            className={`${inputClass} pr-24 font-mono sm:pr-28 sm:tracking-wide`}
            id="card-number"
            name="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value.replace(/[^\d\s]/g, "")).slice(0, 23))}
            {...described("number")}
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-semibold text-slate-500"
            data-testid="brand"
          >
            {brand === "unknown" ? "" : BRAND_NAMES[brand]}
          </span>
        </div>
        {error("number")}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry" htmlFor="card-expiry">
          <input
            className={inputClass}
            id="card-expiry"
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => {
              const d = e.target.value.replace(/\D/g, "").slice(0, 4);
              setExpiry(d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d);
            }}
            {...described("expiry")}
          />
          {error("expiry")}
        </Field>
        <Field label="Security code" htmlFor="card-cvc">
          <input
            className={inputClass}
            id="card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === "amex" ? "4 digits" : "3 digits"}
            maxLength={cvcLength(brand)}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ""))}
            {...described("cvc")}
          />
          {error("cvc")}
        </Field>
      </div>
      <Field label="Name on card" htmlFor="card-holder">
        <input
          className={inputClass}
          id="card-holder"
          name="holder"
          autoComplete="cc-name"
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          {...described("holder")}
        />
        {error("holder")}
      </Field>
      <button
        type="submit"
        className="w-full rounded-lg bg-indigo-600 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-500"
      >
        {submitLabel}
      </button>
      <button
        type="submit"
        name="outcome"
        value="cancel"
        className="w-full py-1 text-sm font-medium text-slate-500 hover:text-slate-700 hover:underline"
      >
        Cancel payment
      </button>
      <p className="text-center text-xs text-slate-600">
        Sandbox: use a test card such as 4111 1111 1111 1111, any future expiry and any code.
      </p>
    </HostedForm>
  );
}
