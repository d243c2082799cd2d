import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

/**
 * A mistake the shopper can correct (a PIN, an IBAN) goes back to the hosted page in its URL, as
 * the page is rendered anew after a redirect. The message is signed with the service's secret and
 * bound to the payment, so the page shows only what the service wrote for it: a link carrying
 * someone else's text ("call this number") shows no message at all.
 */
const signature = (id: string, field: string, message: string) =>
  createHmac("sha256", env().AUTH_SECRET).update(`pay-page-error\0${id}\0${field}\0${message}`).digest();

/** The query (without `?`) that carries a correctable error back to the page of payment `id`. */
export function pageErrorQuery(id: string, field: string, message: string): string {
  const sig = signature(id, field, message).toString("base64url");
  return `field=${encodeURIComponent(field)}&error=${encodeURIComponent(message)}&sig=${sig}`;
}

type Query = Record<string, string | string[] | undefined>;

/** The field and message the service sent back to the page of payment `id`, or undefined. */
export function pageError(id: string, query: Query): { field: string; message: string } | undefined {
  const { field = "", error, sig } = query;
  if (typeof error !== "string" || typeof sig !== "string" || typeof field !== "string") return undefined;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(id, field, error);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { field, message: error } : undefined;
}
