import type { LookupAddress } from "node:dns";
import { lookup, Resolver } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * How webhook deliveries turn a receiver's hostname into addresses, without Node's default
 * `dns.lookup`. That one runs getaddrinfo on libuv's thread pool (4 threads, shared with file
 * reads, crypto and zlib): four deliveries to a merchant whose name server does not answer held
 * every thread for 5 s each, and every other delivery, file read and password hash of the process
 * queued behind them (seen in the test suite, where deliveries to `merchant.invalid` made the
 * demo store's `localhost` receiver time out). Here:
 *
 * - IP literals need no resolution;
 * - `localhost` and `*.localhost` are loopback, and `*.invalid` never exists (RFC 6761), so
 *   neither asks a name server;
 * - other names go to c-ares (`dns.promises.Resolver`: sockets on the event loop, no thread),
 *   bounded by a timeout; only a name the DNS says does not exist is tried once more with the
 *   system resolver (getaddrinfo), which also reads /etc/hosts;
 * - answers are cached briefly (at most their TTL, 60 s; failures 5 s), so a burst of deliveries
 *   to one host resolves it once. The SSRF guard checks the addresses on every connect, cached or not.
 */

const RESOLVE_TIMEOUT_MS = 2_000;
const RESOLVE_TRIES = 2;
const MAX_TTL_S = 60;
const FAILURE_TTL_MS = 5_000;
const CACHE_SIZE = 1_000;

type Entry = { expires: number; result: Promise<LookupAddress[]> };
const cache = new Map<string, Entry>();
let resolver: Resolver | undefined;

const LOOPBACK: LookupAddress[] = [
  { address: "127.0.0.1", family: 4 },
  { address: "::1", family: 6 },
];

function notFound(hostname: string, code = "ENOTFOUND"): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname });
}

/** The addresses of `hostname`, IPv4 first (see the module comment for how). */
export function resolveHost(hostname: string): Promise<LookupAddress[]> {
  const host = (hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname)
    .toLowerCase()
    .replace(/\.$/, "");
  if (ipaddr.isValid(host))
    return Promise.resolve([{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }]);
  if (host === "localhost" || host.endsWith(".localhost")) return Promise.resolve(LOOPBACK);
  if (host === "invalid" || host.endsWith(".invalid")) return Promise.reject(notFound(hostname));

  const now = Date.now();
  const hit = cache.get(host);
  if (hit && hit.expires > now) return hit.result;
  const entry: Entry = {
    expires: now + RESOLVE_TIMEOUT_MS * RESOLVE_TRIES + FAILURE_TTL_MS,
    result: resolveByDns(host),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(host, entry);
  entry.result.catch(() => {
    entry.expires = Date.now() + FAILURE_TTL_MS;
  });

  return entry.result;
}

async function resolveByDns(host: string): Promise<LookupAddress[]> {
  resolver ??= new Resolver({ timeout: RESOLVE_TIMEOUT_MS, tries: RESOLVE_TRIES });
  const [v4, v6] = await Promise.allSettled([
    resolver.resolve4(host, { ttl: true }),
    resolver.resolve6(host, { ttl: true }),
  ]);
  const answers = [
    ...(v4.status === "fulfilled" ? v4.value.map((a) => ({ ...a, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((a) => ({ ...a, family: 6 })) : []),
  ];
  if (answers.length > 0) {
    const ttl = Math.min(MAX_TTL_S, ...answers.map((a) => a.ttl));
    const entry = cache.get(host);
    if (entry) entry.expires = Date.now() + ttl * 1000;

    return answers.map(({ address, family }) => ({ address, family }));
  }
  const codes = [v4, v6].map((r) => (r.status === "rejected" ? (r.reason as NodeJS.ErrnoException).code : "ENODATA"));
  // The DNS answered "no such name" (or no address): the name may still be in /etc/hosts.
  if (codes.every((c) => c === "ENOTFOUND" || c === "ENODATA")) {
    const local = await lookup(host, { all: true, verbatim: true });
    if (local.length > 0) return local;
  }
  throw notFound(host, codes.find((c) => c !== "ENODATA") ?? "ENOTFOUND");
}

/** A `lookup` for http.request with resolveHost behind it and no address check (private networks allowed). */
export const webhookLookup: LookupFunction = (hostname, options, callback) => {
  resolveHost(hostname).then(
    (addresses) => answerLookup(hostname, addresses, options, callback),
    (err: NodeJS.ErrnoException) => callback(err, "", 4),
  );
};

/** Answers a `lookup` call with `addresses`, honouring its `family` and `all` options. */
export function answerLookup(
  hostname: string,
  addresses: LookupAddress[],
  options: Parameters<LookupFunction>[1],
  callback: Parameters<LookupFunction>[2],
): void {
  const usable =
    options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
  if (usable.length === 0) callback(notFound(hostname), "", 4);
  else if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, usable);
  else callback(null, usable[0].address, usable[0].family);
}
