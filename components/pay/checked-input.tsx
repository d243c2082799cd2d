"use client";

import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { inputClass } from "@/components/pay/ui";
import { normalizeIban } from "@/lib/domain/iban";

type Check = "name" | "iban" | "optional-iban";

/** The server's rules for these fields (lib/processors/sepa.ts, instant-transfer.ts), as its words. */
function problem(check: Check, value: string): string {
  const text = value.trim();
  if (check === "name") return text ? "" : "Enter the account holder's name";
  if (!text) return check === "iban" ? "Enter your IBAN" : "";
  return normalizeIban(text) ? "" : "This IBAN is not valid: check it";
}

/**
 * An input the browser checks before the form is sent, with the server's own rules, so that a typo
 * in an IBAN does not cost the shopper what they typed (the page is rendered anew after the
 * server's answer). Without JavaScript the server's check still answers.
 */
export function CheckedInput({
  check,
  invalid,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { check: Check; invalid?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const update = () => ref.current?.setCustomValidity(problem(check, ref.current.value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the server-rendered value once
  useEffect(update, []);
  return <input ref={ref} className={inputClass} aria-invalid={invalid || undefined} onInput={update} {...props} />;
}
