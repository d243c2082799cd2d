import { type AccountField, accountFieldProblem } from "@/lib/domain/iban";

/**
 * The hosted pages' fields that the shopper's browser checks before the form is sent, with the
 * same rules the server applies (components/pay/checked-input.tsx).
 */
export type CheckedField = AccountField | "voucher-pin";

/** What is wrong with a checked field as typed, or "". */
export function fieldProblem(field: CheckedField, value: string): string {
  return field === "voucher-pin" ? voucherPinProblem(value) : accountFieldProblem(field, value);
}

/** A prepaid voucher's PIN: 16 digits, typed with or without the spaces of its printed groups. */
export function voucherPinProblem(value: string): string {
  return /^\d{16}$/.test(value.replace(/\s/g, "")) ? "" : "Enter the 16-digit PIN";
}
