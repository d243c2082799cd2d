"use client";

import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { inputClass } from "@/components/pay/ui";
import { type AccountField, accountFieldProblem } from "@/lib/domain/iban";

/**
 * An input the browser checks before the form is sent, with the server's own rules, so that a typo
 * in an IBAN does not cost the shopper what they typed (the page is rendered anew after the
 * server's answer). Without JavaScript the server's check still answers.
 */
export function CheckedInput({
  check,
  invalid,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { check: AccountField; invalid?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const update = () => ref.current?.setCustomValidity(accountFieldProblem(check, ref.current.value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the server-rendered value once
  useEffect(update, []);
  return <input ref={ref} className={inputClass} aria-invalid={invalid || undefined} onInput={update} {...props} />;
}
