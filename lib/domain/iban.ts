import { electronicFormatIBAN, isValidIBAN } from "ibantools";

/**
 * An IBAN as typed (spaces, lowercase) in its electronic form, or null when it is not valid. Used by
 * the processors and, in the shopper's browser, by the hosted pages' IBAN fields.
 */
export function normalizeIban(input: string): string | null {
  const iban = electronicFormatIBAN(input.replace(/\s/g, ""));
  return iban && isValidIBAN(iban) ? iban : null;
}

/** A bank-account field of the hosted SEPA and bank-login pages. */
export type AccountField = "holder" | "iban" | "optional-iban";

/**
 * What is wrong with an account field as the shopper typed it, or "": the server's check of the
 * SEPA and bank-login pages, and the same check in the shopper's browser before the form is sent.
 */
export function accountFieldProblem(field: AccountField, value: string): string {
  const text = value.trim();
  if (field === "holder") {
    if (!text) return "Enter the account holder's name";
    return text.length > 70 ? "The account holder's name has at most 70 characters" : "";
  }
  if (!text) return field === "iban" ? "Enter your IBAN" : "";
  if (normalizeIban(text)) return "";
  return field === "iban" ? "This IBAN is not valid: check it" : "This IBAN is not valid: check it, or leave it empty";
}

/** The account fields' problems by form field name, as a 101's invalid_fields. */
export function accountProblems(fields: Record<string, [AccountField, string | undefined]>): Record<string, string> {
  const invalid: Record<string, string> = {};
  for (const [name, [field, value]] of Object.entries(fields)) {
    const problem = accountFieldProblem(field, value ?? "");
    if (problem) invalid[name] = problem;
  }
  return invalid;
}
