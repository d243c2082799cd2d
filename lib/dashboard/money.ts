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
