import pg from "pg";
import { env } from "@/lib/env";

/**
 * The hot path's PostgreSQL pool: plain `pg`, named (prepared) statements, no ORM in between
 * (docs/decisions.md, "The hot path talks to PostgreSQL through pg"). Prisma owns the schema and
 * the migrations and serves every other query through its own pool (lib/db/prisma.ts); both are
 * sized by DB_POOL_MAX.
 *
 * One pool per process: kept on globalThis, because the custom server's fast module and Next's
 * own chunks each contain a copy of this file (docs/performance.md).
 */
const g = globalThis as unknown as { payrailPg?: pg.Pool };

/** Timestamps are stored as `timestamp(3)` without time zone, in UTC (as Prisma writes them). */
const TIMESTAMP = 1114;
const parseUtc = (s: string) => new Date(`${s.replace(" ", "T")}Z`);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP ? parseUtc : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** How long a request waits for a connection before the API answers 503 (lib/api/endpoint.ts). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * What bounds a query on an open connection (the connect itself has CONNECT_TIMEOUT_MS): a
 * client-side timeout (the pool then drops the connection), and TCP keep-alive so that a peer
 * that vanished is noticed on idle connections too. Shared with Prisma's pool (lib/db/prisma.ts).
 */
export const queryLimits = (timeoutMs: number) => ({
  query_timeout: timeoutMs,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
});

function create(): pg.Pool {
  const e = env();
  const pool = new pg.Pool({
    connectionString: e.DATABASE_URL,
    max: e.DB_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...queryLimits(e.DB_QUERY_TIMEOUT_MS),
    idleTimeoutMillis: 30_000,
    // Dates go out as timestamptz; the session's zone turns them into the stored UTC wall time.
    options: "-c TimeZone=UTC",
    types,
    application_name: "payrail-api",
  });
  // An idle connection that the server drops (restart, admin kill) must not crash the process.
  pool.on("error", () => {});
  return pool;
}

function pgPool(): pg.Pool {
  g.payrailPg ??= create();
  return g.payrailPg;
}

/**
 * Runs one named statement: PostgreSQL parses and plans it once per connection, every later call
 * only binds and executes (one round trip).
 */
export async function q<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R[]> {
  const res = await pgPool().query<R>({ name, text, values });
  return res.rows;
}
