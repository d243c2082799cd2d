import { electronicFormatIBAN, isValidIBAN } from "ibantools";

/**
 * An IBAN as typed (spaces, lowercase) in its electronic form, or null when it is not valid. Used by
 * the processors and, in the shopper's browser, by the hosted pages' IBAN fields.
 */
export function normalizeIban(input: string): string | null {
  const iban = electronicFormatIBAN(input.replace(/\s/g, ""));
  return iban && isValidIBAN(iban) ? iban : null;
}
