/** Anything but printable ASCII: a URL holding it cannot go into a `Location` header as it is. */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;

/** Query parameters the service sets on the return (spec 4.5): the merchant's own are dropped. */
const RESERVED = new Set(["transaction_id", "error"]);

/**
 * The merchant's `redirect_url` with `transaction_id` appended (its own query and fragment kept)
 * and, when something went wrong, `error` encoded exactly as encodeURIComponent does (spec 4.5:
 * not URLSearchParams' form encoding, which would turn spaces into "+"). A `transaction_id` or
 * `error` already in the merchant's URL (a template left in it, the URL of an earlier return) is
 * dropped, so a shop reading the first `transaction_id` reads this payment's, and a successful
 * return carries no stale `error`.
 *
 * A URL written with characters outside printable ASCII (`https://shöp.example/räß?q=€`, a
 * space) is first put in its ASCII form, as a browser would send it: the host in punycode, the
 * rest percent-encoded as UTF-8. Otherwise the redirect could not be sent at all, or the browser
 * would encode the query in Latin-1. An ASCII URL is kept exactly as the merchant wrote it.
 */
export function buildReturnUrl(redirectUrl: string, transactionId: string, error?: string): string {
  const url = NOT_PRINTABLE_ASCII.test(redirectUrl) ? asciiUrl(redirectUrl) : redirectUrl;
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept =
    queryAt === -1
      ? []
      : beforeHash
          .slice(queryAt + 1)
          .split("&")
          .filter(isMerchantParam);
  const ours = [`transaction_id=${encodeURIComponent(transactionId)}`];
  if (error) ours.push(`error=${encodeURIComponent(error)}`);

  return `${path}?${[...kept, ...ours].join("&")}${fragment}`;
}

/** A non-empty pair of the merchant's query that is not one of the service's names. */
function isMerchantParam(pair: string): boolean {
  if (pair === "") return false;
  const name = pair.split("=", 1)[0].replaceAll("+", " ");
  try {
    return !RESERVED.has(decodeURIComponent(name));
  } catch {
    return true;
  }
}

function asciiUrl(raw: string): string {
  try {
    return new URL(raw.trim()).href;
  } catch {
    // Not reached for a stored redirect_url (it was validated as a URL); never send raw bytes anyway.
    return encodeURI(raw);
  }
}
