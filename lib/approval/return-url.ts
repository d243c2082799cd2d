/**
 * The merchant's `redirect_url` with `transaction_id` appended (its own query and fragment kept)
 * and, when something went wrong, `error` encoded exactly as encodeURIComponent does (spec 4.5:
 * not URLSearchParams' form encoding, which would turn spaces into "+").
 */
export function buildReturnUrl(redirectUrl: string, transactionId: string, error?: string): string {
  const hashAt = redirectUrl.indexOf("#");
  const base = hashAt === -1 ? redirectUrl : redirectUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : redirectUrl.slice(hashAt);
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  let query = `transaction_id=${encodeURIComponent(transactionId)}`;
  if (error) query += `&error=${encodeURIComponent(error)}`;

  return `${base}${separator}${query}${fragment}`;
}
