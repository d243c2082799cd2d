import path from "node:path";

/**
 * Test servers on databases of their own. Every server's job worker takes jobs from its own
 * database's queue, so a server that must be the only one delivering (the SSRF guard switched on;
 * no in-process worker, for the crash test) cannot share the main test database.
 */
export type IsolatedServer = { port: number; url: string; database: string; env: Record<string, string> };

const base = Number(process.env.E2E_PORT ?? 3210);

function isolated(offset: number, database: string): IsolatedServer {
  const port = base + offset;
  const db = new URL(process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54339/payrail");
  db.pathname = `/${database}`;

  return {
    port,
    url: `http://localhost:${port}`,
    database,
    // Its own data folder too: generated secrets and the demo merchant belong to one database.
    env: {
      DATABASE_URL: db.toString(),
      PAYRAIL_DATA_DIR: path.join(process.env.PAYRAIL_DATA_DIR ?? ".data/test", database),
    },
  };
}

/** WEBHOOK_ALLOW_PRIVATE_NETWORKS=false: registration and connect-time SSRF refusals, for real. */
export const STRICT = isolated(2, "payrail_e2e_strict");

/** WORKER_IN_PROCESS=false: deliveries happen only in worker processes a test starts (and kills). */
export const WORKERLESS = isolated(3, "payrail_e2e_workerless");
