import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { answerLookup, resolveHost } from "@/lib/webhooks/resolve";

/**
 * The SSRF rule for webhook targets. Unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is on, a webhook may
 * only reach public unicast addresses: loopback, private (RFC 1918), link-local (which holds the
 * cloud metadata address 169.254.169.254), carrier-grade NAT (100.64/10, Alibaba's metadata),
 * unique-local IPv6 (fd00:ec2::254, AWS's IPv6 metadata), multicast, reserved and the IPv6 forms
 * that embed an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64, 6to4, Teredo)
 * are refused. It is checked when a URL is registered and again when each delivery connects, on
 * the address actually connected to, so a name that later resolves elsewhere (DNS rebinding)
 * cannot get through. Numeric host forms (2130706433, 0x7f000001, 0177.0.0.1, 127.1) need no
 * rule of their own: WHATWG URL parsing turns them into 127.0.0.1 first.
 */

/**
 * What kind of non-public address this is ("loopback", "private-network", ...), or null for a
 * public unicast address (the only kind webhooks may go to when the guard is on).
 */
export function forbiddenRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return "malformed";
  }
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return forbiddenRange(v6.toIPv4Address().toString());
    // ::a.b.c.d (the deprecated IPv4-compatible form): ipaddr.js calls it unicast, but it names an IPv4 host.
    if (v6.parts.slice(0, 6).every((p) => p === 0) && !["unspecified", "loopback"].includes(v6.range()))
      return "IPv4-compatible";
  }
  const range = ip.range();

  return range === "unicast" ? null : (RANGE_NAMES[range] ?? range);
}

const RANGE_NAMES: Record<string, string> = {
  loopback: "loopback",
  private: "private-network",
  linkLocal: "link-local, incl. cloud metadata",
  carrierGradeNat: "carrier-grade NAT",
  uniqueLocal: "unique-local",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  reserved: "reserved",
  rfc6052: "NAT64",
  "6to4": "6to4",
  teredo: "Teredo",
};

/** The URL's host as an IP address when it is one (brackets of an IPv6 literal removed). */
function ipLiteral(hostname: string): string | null {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;

  return ipaddr.isValid(host) ? host : null;
}

/**
 * The registration check: why `url` may not receive webhooks, or null when it may. A host that
 * does not resolve (yet) is accepted: nothing private can be reached through it, and the
 * connect-time check decides on every delivery.
 */
export async function webhookUrlProblem(url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Expected an absolute http(s) URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "Expected an absolute http(s) URL";
  const literal = ipLiteral(parsed.hostname);
  if (literal) {
    const range = forbiddenRange(literal);
    return range && `Must be a public address, not ${literal} (${range})`;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(parsed.hostname);
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const range = forbiddenRange(address);
    if (range) return `Must be a public address: ${parsed.hostname} resolves to ${address} (${range})`;
  }

  return null;
}

/**
 * The registration check as configured: always null while WEBHOOK_ALLOW_PRIVATE_NETWORKS is on,
 * so the request path then does no DNS work at all.
 */
export async function webhookUrlRegistrationProblem(url: string | undefined): Promise<string | null> {
  if (!url || env().WEBHOOK_ALLOW_PRIVATE_NETWORKS) return null;

  return webhookUrlProblem(url);
}

/** The error a refused connection fails with (code `EWEBHOOKBLOCKED`). */
export class BlockedAddressError extends Error {
  readonly code = "EWEBHOOKBLOCKED";
  constructor(message: string) {
    super(message);
    this.name = "BlockedAddressError";
  }
}

/** Connect-time check of a URL whose host is an IP literal (no DNS lookup happens for those). */
export function assertLiteralHostAllowed(url: URL): void {
  const literal = ipLiteral(url.hostname);
  const range = literal && forbiddenRange(literal);
  if (range) throw new BlockedAddressError(`Refused: ${literal} is not a public address (${range})`);
}

/**
 * A `lookup` for http.request / net.connect that resolves the name once, refuses the connection
 * when any answer is forbidden, and hands the checked addresses to the socket: the connection goes
 * to exactly the address that was checked, with no second resolution in between.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolveHost(hostname).then(
    (addresses) => {
      for (const { address } of addresses) {
        const range = forbiddenRange(address);
        if (range)
          return callback(
            new BlockedAddressError(`Refused: ${hostname} resolves to ${address}, not a public address (${range})`),
            "",
            4,
          );
      }
      answerLookup(hostname, addresses, options, callback);
    },
    (err: NodeJS.ErrnoException) => callback(err, "", 4),
  );
};
