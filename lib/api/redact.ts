/**
 * Redaction for the request log (lib/api/request-log.ts): a copy of a request or response body
 * with card data, CVCs and secrets replaced, so the stored log can be shown in the dashboard.
 * Two nets: by field name (a CVC or a token is recognised only by its name) and by value (a card
 * number, an API key or a webhook secret is recognised wherever it appears, in any field).
 */

export const REDACTED = "[redacted]";
export const REDACTED_CARD = "[redacted card number]";

/**
 * Field names whose value is always replaced: card numbers and codes, and every secret, token,
 * password or key. Matched on the lower-cased name with `-` as `_`.
 */
const SECRET_FIELD =
  /(^|_)(pan|cvc2?|cvv2?|cid|csc|security_?code|card_?number|number_?card|iban_?secret)$|secret|token|password|passwd|api_?key|authorization|private_?key|signing_?key/;

/** An API key or a webhook signing secret, wherever it appears (also inside longer text). */
const SECRET_VALUE = /\b(sk_(?:test|live)_[0-9A-Za-z]{8,}|whsec_[0-9A-Za-z+/=]{8,})/g;

/** 13 to 19 digits, optionally grouped by spaces or dashes: a card number if the Luhn check holds. */
const DIGIT_RUN = /(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field names repeat from body to body: each is classified once (bounded, cleared when full). */
const fieldCache = new Map<string, boolean>();
function isSecretField(name: string): boolean {
  let secret = fieldCache.get(name);
  if (secret === undefined) {
    secret = SECRET_FIELD.test(name.toLowerCase().replaceAll("-", "_"));
    if (fieldCache.size >= 10_000) fieldCache.clear();
    fieldCache.set(name, secret);
  }
  return secret;
}

/** True when the text has 13 or more digits in one run (single spaces or dashes allowed between). */
function hasLongDigitRun(text: string): boolean {
  let digits = 0;
  let separated = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= 13) return true;
      separated = false;
    } else if ((c === 32 || c === 45) && digits > 0 && !separated) separated = true;
    else {
      digits = 0;
      separated = false;
    }
  }
  return false;
}

/** A UUID (8-4-4-4-12 hex): ids are not card numbers, even when all their characters are digits. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A string with every card number, API key and webhook secret in it replaced. */
export function redactText(text: string): string {
  // PostgreSQL's jsonb refuses the NUL character.
  let out = text.includes("\0") ? text.replaceAll("\0", "") : text;
  if (out.length >= 13 && hasLongDigitRun(out)) {
    const ids = [...out.matchAll(UUID)].map((m) => [m.index, m.index + m[0].length]);
    out = out.replace(DIGIT_RUN, (run, at: number) => {
      if (ids.some(([from, to]) => at < to && at + run.length > from)) return run;
      const digits = run.replace(/[ -]/g, "");
      return digits.length >= 13 && luhnValid(digits) ? REDACTED_CARD : run;
    });
  }
  if (out.includes("sk_") || out.includes("whsec_")) out = out.replace(SECRET_VALUE, REDACTED);
  return out;
}

/** A deep copy of a JSON value with card data and secrets replaced (the input is not changed). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (typeof value === "number") {
    return Number.isInteger(value) && value >= 1e12 && luhnValid(String(value)) && String(value).length >= 13
      ? REDACTED_CARD
      : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretField(k) && v !== null && v !== undefined && v !== "" ? REDACTED : redact(v, depth + 1);
  }
  return out;
}
