"use client";

import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { inputClass, PAGE_ERROR_ID } from "@/components/pay/ui";
import { type CheckedField, fieldProblem } from "@/lib/domain/form-checks";

/**
 * An input the browser checks before the form is sent, with the server's own rules, so that a typo
 * in an IBAN or a voucher PIN does not cost the shopper what they typed (the page is rendered anew after the
 * server's answer). Without JavaScript the server's check still answers.
 */
export function CheckedInput({
  check,
  invalid,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { check: CheckedField; invalid?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const update = () => ref.current?.setCustomValidity(fieldProblem(check, ref.current.value));
  // Once, on arrival: check the server-rendered value; the field the server sent the shopper back
  // for gets the focus, so that its message (the page's alert) is read out with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the server-rendered page
  useEffect(() => {
    update();
    if (invalid) ref.current?.focus();
  }, []);
  return (
    <input
      ref={ref}
      className={inputClass}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? PAGE_ERROR_ID : undefined}
      onInput={update}
      {...props}
    />
  );
}
