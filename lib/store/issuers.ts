import { log } from "@/lib/log";
import { getPayrailClient, type Issuer } from "@/lib/store/payrail-client";

const TTL_MS = 5 * 60_000;
let cache: { at: number; issuers: Issuer[] } | undefined;

/**
 * Banks for the bank selection (and, as bank ids, bank-initiated) forms, from
 * `GET /v1/issuers?payment_product=bank_selection`. Kept a few minutes; on failure the forms fall
 * back to choosing the bank on Payrail's page.
 */
export async function loadIssuers(): Promise<Issuer[]> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.issuers;
  try {
    const issuers = await (await getPayrailClient()).listIssuers("bank_selection");
    cache = { at: Date.now(), issuers };
    return issuers;
  } catch (err) {
    log().warn({ err }, "store: could not load issuers");
    return [];
  }
}
