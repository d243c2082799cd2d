/**
 * A euro amount as typed in a form ("12", "12.5", "12.50", "1,234.50") to minor units, or
 * undefined when it is not one (the zod schema of the API then reports the field).
 */
export function eurosToCents(input: string): number | undefined {
  const s = input
    .trim()
    .replace(/^€\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The reason a typed euro amount is refused, in the form's own terms. */
export const NOT_EUROS = "Expected an amount in euros, e.g. 25 or 25.00";

/**
 * What is wrong with a euro amount field of a form that sends cents to the API ("" when it is
 * fine, or empty and so left to the schema): the API's schema would answer in cents ("an integer
 * amount in minor units", "at least 1").
 */
export function euroAmountProblem(text: string): string {
  if (text.trim() === "") return "";
  const cents = eurosToCents(text);
  if (cents === undefined) return NOT_EUROS;
  return cents < 1 ? "Must be at least €0.01" : "";
}
