import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { CONNECT_TIMEOUT_MS, queryLimits } from "@/lib/db/pg";
import { env } from "@/lib/env";

export type { Prisma } from "@/lib/generated/prisma/client";

const g = globalThis as unknown as { payrailPrisma?: PrismaClient };

function create(): PrismaClient {
  const e = env();
  // Sized by DB_POOL_MAX like every pool (docs/configuration.md); a connection that cannot be had
  // within CONNECT_TIMEOUT_MS, or a query unanswered within DB_QUERY_TIMEOUT_MS, fails the request
  // with 503 instead of holding it forever.
  return new PrismaClient({
    adapter: new PrismaPg({
      connectionString: e.DATABASE_URL,
      max: e.DB_POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...queryLimits(e.DB_QUERY_TIMEOUT_MS),
    }),
  });
}

/** One client per process (kept across hot reloads in development). */
export function db(): PrismaClient {
  g.payrailPrisma ??= create();
  return g.payrailPrisma;
}
