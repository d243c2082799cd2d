/**
 * The card rules, each written once: Luhn, brand by IIN range, lengths, security code length,
 * expiry, and the `origin` a hosted card page may be framed by. The API's token charges, the
 * hosted card form (server and browser) and the proxy all use these.
 */

export type Brand =
  | "visa"
  | "mastercard"
  | "amex"
  | "maestro"
  | "discover"
  | "diners-club"
  | "jcb"
  | "unionpay"
  | "unknown";

export const BRAND_NAMES: Record<Brand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  maestro: "Maestro",
  discover: "Discover",
  "diners-club": "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  unknown: "Card",
};

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, "");

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function detectBrand(number: string): Brand {
  const n = digitsOnly(number);
  if (/^4/.test(n)) return "visa";
  if (/^3[47]/.test(n)) return "amex";
  const first4 = Number(n.slice(0, 4));
  if (/^5[1-5]/.test(n) || (first4 >= 2221 && first4 <= 2720)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(n)) return "discover";
  if (/^(5018|5020|5038|6304|6759|676[1-3])/.test(n)) return "maestro";
  if (/^(36|30[0-5]|3095|3[89])/.test(n)) return "diners-club";
  if (first4 >= 3528 && first4 <= 3589) return "jcb";
  if (/^62/.test(n)) return "unionpay";
  return "unknown";
}

const LENGTHS: Record<Brand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
  "diners-club": [14, 16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export const cvcLength = (brand: Brand) => (brand === "amex" ? 4 : 3);

/** A card is valid through the last day of its expiry month. */
export const isExpired = (month: number, year: number, now: Date) =>
  year * 12 + (month - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();

/** An http(s) origin exactly (`scheme://host[:port]`): what may frame a hosted card page. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Why `value` is not an origin as isOrigin() wants it. When it is one written another way (upper
 * case, the default port, a trailing slash), the reason names the form to send: the iFrame checks
 * compare it with the origin the browser reports, which is always written that way.
 */
export function originProblem(value: string): string {
  const general = "Expected an http(s) origin: scheme://host[:port], without path, query or trailing slash";
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== "null" && value.length > 0) {
      const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      if (bare) return `Expected the origin as browsers write it: "${url.origin}"`;
    }
  } catch {
    // not a URL at all
  }
  return general;
}

/** Groups as printed on the card: 4-6-5 for American Express, 4-4-4-4 for the rest. */
export function formatCardNumber(number: string): string {
  const n = digitsOnly(number);
  if (detectBrand(n) === "amex") return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(" ");
  return n.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export type CardInput = { number: string; expiryMonth: string; expiryYear: string; cvc: string; holder: string };

/**
 * The expiry field as typed, into month and year: "12 / 30", "12/30", "12-2030", "1230". The form
 * posts this one field (with or without JavaScript); validateCard judges the parts.
 */
export function splitExpiry(expiry: string): [month: string, year: string] {
  const text = expiry.trim();
  const parts = text.split(/\s*[/\-.\s]\s*/);
  if (parts.length === 2) return [parts[0], parts[1]];
  if (/^\d{4}(\d{2})?$/.test(text)) return [text.slice(0, 2), text.slice(2)];
  return [text, ""];
}
export type CardFieldErrors = Partial<Record<"number" | "expiry" | "cvc" | "holder", string>>;

/** Validates what the shopper typed; the same rules run in the browser and on the server. */
export function validateCard(
  input: CardInput,
  now = new Date(),
): { errors: CardFieldErrors; number: string; brand: Brand; month: number; year: number } {
  const errors: CardFieldErrors = {};
  const number = digitsOnly(input.number);
  const brand = detectBrand(number);
  if (!/^\d+$/.test(number)) errors.number = "Enter the card number";
  else if (!LENGTHS[brand].includes(number.length) || !luhnValid(number))
    errors.number = "This card number is not valid";

  const month = Number(input.expiryMonth);
  let year = Number(input.expiryYear);
  if (/^\d{2}$/.test(input.expiryYear)) year += 2000;
  if (!/^\d{1,2}$/.test(input.expiryMonth) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(input.expiryYear)) {
    errors.expiry = "Enter the expiry date as MM/YY";
  } else if (isExpired(month, year, now)) {
    errors.expiry = "This card has expired";
  } else if (year > now.getUTCFullYear() + 20) {
    errors.expiry = "Check the expiry year";
  }

  const wanted = cvcLength(brand);
  if (!new RegExp(`^\\d{${wanted}}$`).test(input.cvc)) errors.cvc = `Enter the ${wanted}-digit security code`;
  if (!input.holder.trim()) errors.holder = "Enter the name on the card";
  else if (input.holder.trim().length > 100) errors.holder = "At most 100 characters";

  return { errors, number, brand, month, year };
}
