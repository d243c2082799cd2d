import { readdirSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db/prisma";

let expected: string[] | undefined;

/** Migration folders shipped with this build, read once. */
function expectedMigrations(): string[] {
  expected ??= readdirSync(path.resolve("prisma/migrations"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return expected;
}

/** Healthy once the database answers and every shipped migration is applied. */
export async function checkHealth(): Promise<{ ok: boolean; reason?: string }> {
  try {
    const rows = await db().$queryRaw<{ migration_name: string }[]>`
      select migration_name from _prisma_migrations where finished_at is not null and rolled_back_at is null`;
    const applied = new Set(rows.map((r) => r.migration_name));
    const missing = expectedMigrations().filter((m) => !applied.has(m));
    if (missing.length) return { ok: false, reason: `migrations not applied: ${missing.join(", ")}` };

    return { ok: true };
  } catch {
    return { ok: false, reason: "database unreachable" };
  }
}
