import pg from "pg";
import { q } from "@/lib/db/pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type KeyOwner = { organisationId: string; apiKeyId: string };

/**
 * API keys by hash, kept in process so an authenticated request costs no database round trip.
 * A key is cached only while this process listens for `payrail_api_key_changed` (a trigger and a
 * rule on `api_keys` announce, at commit and whoever makes them, every change of hash,
 * organisation or revocation and every deletion; migrations 20261122235000 and 20261123020000,
 * not the last-used time): the cache is emptied when one arrives, so a revoked
 * key stops working here milliseconds after the commit. When the
 * listening connection is lost the cache is emptied and not used until it is back, so a missed
 * notification can never keep a revoked key alive. Entries also expire after KEY_TTL_MS.
 */
const CHANNEL = "payrail_api_key_changed";
const KEY_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

type Entry = KeyOwner & { expiresAt: number };
type State = {
  entries: Map<string, Entry>;
  /** Bumped by every notification: a lookup that raced with one does not cache its answer. */
  epoch: number;
  listening: boolean;
  listener?: Promise<void>;
};

const g = globalThis as unknown as { payrailKeyCache?: State };
g.payrailKeyCache ??= { entries: new Map(), epoch: 0, listening: false };
const state: State = g.payrailKeyCache;

/** The key's owner, or null for an unknown or revoked key. */
export async function lookupApiKey(hash: string): Promise<KeyOwner | null> {
  const now = Date.now();
  const hit = state.listening ? state.entries.get(hash) : undefined;
  if (hit && hit.expiresAt > now) return hit;
  state.listener ??= listen();
  const epoch = state.epoch;
  const [row] = await q<{ id: string; organisationId: string }>(
    "payrail_api_key_by_hash",
    `select id, "organisationId" from api_keys where hash = $1 and "revokedAt" is null`,
    [hash],
  );
  if (!row) return null;
  const owner = { organisationId: row.organisationId, apiKeyId: row.id };
  if (state.listening && state.epoch === epoch) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    state.entries.set(hash, { ...owner, expiresAt: now + KEY_TTL_MS });
  }
  return owner;
}

/** Empties the cache; a lookup running meanwhile does not store its answer. */
function clearKeyCache(): void {
  state.epoch++;
  state.entries.clear();
}

async function listen(): Promise<void> {
  const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: "payrail-key-cache" });
  let gone = false;
  const lost = (err?: Error) => {
    if (gone) return;
    gone = true;
    state.listening = false;
    clearKeyCache();
    if (err) log().warn({ err: err.message }, "API key cache: listener lost; reconnecting");
    client.removeAllListeners();
    client.end().catch(() => {});
    const timer = setTimeout(() => {
      state.listener = listen();
    }, RECONNECT_MS);
    timer.unref();
  };
  client.on("notification", () => clearKeyCache());
  client.on("error", lost);
  client.on("end", () => lost(new Error("connection ended")));
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Anything revoked before LISTEN took effect was never cached under this listener.
    clearKeyCache();
    state.listening = true;
    // The connection must not keep a process alive (CLI, tests) that is otherwise done.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  } catch (err) {
    lost(err as Error);
  }
}
