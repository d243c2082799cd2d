import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export type Db = PrismaClient;
export type { Prisma } from "@/lib/generated/prisma/client";

const g = globalThis as unknown as { payrailPrisma?: PrismaClient };

function create(): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: env().DATABASE_URL, max: 20 }) });
}

/** One client per process (kept across hot reloads in development). */
export function db(): PrismaClient {
  g.payrailPrisma ??= create();
  return g.payrailPrisma;
}
