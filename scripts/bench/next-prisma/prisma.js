// One Prisma client per process, with the driver adapter Payrail uses (lib/db/prisma.ts), and the
// shared bits of the three routes: authenticate by key hash; the shape check and the JSON are
// the bare baseline's (../baseline-shape.mjs).
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../../lib/generated/prisma/client";

export { isStartShape, serialize } from "../baseline-shape.mjs";

const g = globalThis;

export function prisma() {
  g.benchPrisma ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) }),
  });
  return g.benchPrisma;
}

/** The caller's organisation by its API key's hash, or null. */
export async function organisation(request) {
  const key = request.headers.get("apikey");
  if (!key) return null;
  const hash = createHash("sha256").update(key).digest("hex");
  const row = await prisma().apiKey.findUnique({ where: { hash }, select: { organisationId: true, revokedAt: true } });
  return row && !row.revokedAt ? row.organisationId : null;
}

export const fail = (status, code, message) => Response.json({ error: { code, message } }, { status });
