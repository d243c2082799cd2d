/** Anything but printable ASCII: a URL holding it cannot go into a `Location` header as it is. */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;

/**
 * The merchant's `redirect_url` with `transaction_id` appended (its own query and fragment kept)
 * and, when something went wrong, `error` encoded exactly as encodeURIComponent does (spec 4.5:
 * not URLSearchParams' form encoding, which would turn spaces into "+").
 *
 * A URL written with characters outside printable ASCII (`https://shöp.example/räß?q=€`, a
 * space) is first put in its ASCII form, as a browser would send it: the host in punycode, the
 * rest percent-encoded as UTF-8. Otherwise the redirect could not be sent at all, or the browser
 * would encode the query in Latin-1. An ASCII URL is kept exactly as the merchant wrote it.
 */
export function buildReturnUrl(redirectUrl: string, transactionId: string, error?: string): string {
  const url = NOT_PRINTABLE_ASCII.test(redirectUrl) ? asciiUrl(redirectUrl) : redirectUrl;
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : url.slice(hashAt);
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  let query = `transaction_id=${encodeURIComponent(transactionId)}`;
  if (error) query += `&error=${encodeURIComponent(error)}`;

  return `${base}${separator}${query}${fragment}`;
}

function asciiUrl(raw: string): string {
  try {
    return new URL(raw.trim()).href;
  } catch {
    // Not reached for a stored redirect_url (it was validated as a URL); never send raw bytes anyway.
    return encodeURI(raw);
  }
}
