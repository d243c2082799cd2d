import ipaddr from "ipaddr.js";

/**
 * The store's origin as the shopper's browser sees it, from the request: `X-Forwarded-Proto` and
 * `X-Forwarded-Host` when a proxy sets them, else `Host`. It becomes `redirect_url` and the card
 * iFrame's `origin`; a forged Host header only misdirects the forger's own payment.
 */
export function requestOrigin(headers: Headers, fallback: string): string {
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0].trim();
  const proto = (headers.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase();
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return fallback;
  const scheme = proto === "https" || proto === "http" ? proto : new URL(fallback).protocol.replace(":", "");

  return `${scheme}://${host}`;
}

/** The shopper's IP for `customer_ip`: the first X-Forwarded-For hop, if it is an address at all. */
export function requestIp(headers: Headers): string | undefined {
  const ip = (headers.get("x-forwarded-for") ?? headers.get("x-real-ip") ?? "").split(",")[0].trim();
  if (!ipaddr.isValid(ip)) return undefined;

  return ipaddr.process(ip).toString();
}
