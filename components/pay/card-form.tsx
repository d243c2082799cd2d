"use client";

import { useEffect, useState } from "react";
import {
  BRAND_NAMES,
  cvcLength,
  detectBrand,
  formatCardNumber,
  validateCard,
  type CardFieldErrors,
} from "@/lib/processors/card/rules";
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

  // Inside the merchant's iFrame: tell payrail.js the page's height, now and whenever it changes.
  useEffect(() => {
    if (!resizeTarget || window.parent === window) return;
    // The content's own height: the page itself is at least as tall as the frame (min-h-screen).
    const root = document.querySelector<HTMLElement>("[data-frame-root]") ?? document.body;
    const report = () =>
      window.parent.postMessage(
        { type: "payrail.resize", height: Math.ceil(root.getBoundingClientRect().height) },
        resizeTarget,
      );
    const observer = new ResizeObserver(report);
    observer.observe(root);
    report();
    return () => observer.disconnect();
  }, [resizeTarget]);
  const [mm, yy] = expiry.split("/").map((s) => s.trim());

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "cancel") return;
    const result = validateCard({ number, expiryMonth: mm ?? "", expiryYear: yy ?? "", cvc, holder });
    if (Object.keys(result.errors).length) {
      e.preventDefault();
      setErrors(result.errors);
    }
  };

  const error = (field: keyof CardFieldErrors) =>
    errors[field] ? (
      <span className="mt-1 block text-xs font-medium text-red-700" data-testid={`error-${field}`}>
        {errors[field]}
      </span>
    ) : null;

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="space-y-4" noValidate>
      <input type="hidden" name="transaction_id" value={transactionId} />
      <input type="hidden" name="s" value={session} />
      <input type="hidden" name="expiry_month" value={mm ?? ""} />
      <input type="hidden" name="expiry_year" value={yy ?? ""} />
      <Field label="Card number">
        <div className="relative">
          <input
            className={`${inputClass} pr-28 font-mono tracking-wide`}
            name="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value.replace(/[^\d\s]/g, "")).slice(0, 23))}
            aria-invalid={!!errors.number}
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
        <Field label="Expiry">
          <input
            className={inputClass}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => {
              const d = e.target.value.replace(/\D/g, "").slice(0, 4);
              setExpiry(d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d);
            }}
            aria-invalid={!!errors.expiry}
          />
          {error("expiry")}
        </Field>
        <Field label="Security code">
          <input
            className={inputClass}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === "amex" ? "4 digits" : "3 digits"}
            maxLength={cvcLength(brand)}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ""))}
            aria-invalid={!!errors.cvc}
          />
          {error("cvc")}
        </Field>
      </div>
      <Field label="Name on card">
        <input
          className={inputClass}
          name="holder"
          autoComplete="cc-name"
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          aria-invalid={!!errors.holder}
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
      <p className="text-center text-xs text-slate-400">
        Sandbox: use a test card such as 4111 1111 1111 1111, any future expiry and any code.
      </p>
    </form>
  );
}
