// The processes the bench starts, each in its own process group (stopped by group id at the end):
//   (a) the production server: exactly what `npm start` runs (package.json's "start" script),
//   (b) the bare baseline (bare-server.mjs),
//   (c) the stock arrangement: plain `next start` (the Next route handlers),
//   (d) a stock Next + Prisma app (next-prisma/: route handlers, Prisma findUnique + create),
// plus `npm run worker` processes and the round-robin front for --instances.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const LOG_DIR = path.resolve(ROOT, process.env.PAYRAIL_DATA_DIR ?? ".data", "bench-logs");
const BENCH_DATA_DIR = path.resolve(ROOT, process.env.PAYRAIL_DATA_DIR ?? ".data", "bench-servers");
const running = new Set();

/**
 * How long a server may take to answer /health once the build exists (BENCH_BOOT_TIMEOUT_S,
 * default 180 s). The build itself happens before any server starts (ensureBuild), so a boot that
 * takes longer than this is a failure, reported as such, never a wait without end.
 */
export const BOOT_TIMEOUT_MS = Number(process.env.BENCH_BOOT_TIMEOUT_S ?? 180) * 1000;

// Whatever way the bench ends (done, an error, Ctrl-C, a kill), no child outlives it: each runs in
// a process group of its own, and every group still running gets SIGKILL on exit.
process.on("exit", () => {
  for (const p of running) signalGroup(p.pid, "SIGKILL");
});
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    process.stderr.write(`[bench] ${sig}: stopping every server the bench started\n`);
    const hard = setTimeout(() => process.exit(130), 5_000);
    void stopAll().finally(() => {
      clearTimeout(hard);
      process.exit(130);
    });
  });
}

/**
 * The production build, made once before any production server starts (`npm start` builds when
 * the build is missing or stale; several of them starting at once must not build side by side).
 */
export function ensureBuild() {
  const r = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`the production build failed (exit ${r.status ?? r.signal})`);
}

const NEXT_PRISMA = path.join(ROOT, "scripts/bench/next-prisma");
// Its own build folder per data folder (the e2e suite's smoke run uses .data/test), like the main
// build's NEXT_DIST_DIR, so a test run and a bench run never build over each other.
const nextPrismaDist = () => {
  const data = process.env.PAYRAIL_DATA_DIR;
  return data ? `.next-${path.basename(data)}` : ".next";
};

/** (d)'s build, made when missing or older than its sources or Payrail's generated Prisma client. */
export function ensureNextPrismaBuild() {
  const stamp = path.join(NEXT_PRISMA, nextPrismaDist(), "BUILD_ID");
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sources = [
    path.join(ROOT, "lib/generated/prisma/client.ts"),
    path.join(ROOT, "node_modules/next/package.json"),
    ...listFiles(NEXT_PRISMA),
  ];
  if (built && sources.every((f) => !existsSync(f) || statSync(f).mtimeMs <= built)) return;
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build", NEXT_PRISMA], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", BENCH_NEXT_DIST_DIR: nextPrismaDist() },
  });
  if (r.status !== 0) throw new Error(`the Next + Prisma app's build failed (exit ${r.status ?? r.signal})`);
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => !d.name.startsWith("."))
    .flatMap((d) => (d.isDirectory() ? listFiles(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

const npmScript = (name) => JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts[name];

function appEnv(port, databaseUrl, extra) {
  return {
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    // One key at full speed: without the per-key rate limit (error 140), the bench would measure 429s.
    API_RATE_LIMIT_PER_SECOND: "0",
    ...extra,
  };
}

function launch(name, command, args, env, port) {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
      // A data folder of its own: a server writes its demo merchant and secrets there, and the
      // bench's databases are not the one the surrounding tests' servers (and the store) use.
      PAYRAIL_DATA_DIR: path.join(BENCH_DATA_DIR, name),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exited = false;
  const exit = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const proc = {
    name,
    port,
    url: port ? `http://127.0.0.1:${port}` : undefined,
    logFile,
    pid: child.pid,
    get exited() {
      return exited;
    },
    exit,
    async stop() {
      // The group, even when its first process has exited: what it started may still run.
      signalGroup(child.pid, exited ? "SIGKILL" : "SIGTERM");
      if (!exited) {
        const done = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
        if (!done) signalGroup(child.pid, "SIGKILL");
        await Promise.race([exit, sleep(2000)]);
      }
      signalGroup(child.pid, "SIGKILL");
      running.delete(proc);
    },
  };
  running.add(proc);
  return proc;
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {}
}

/**
 * (a) The production server: package.json's "start" script, i.e. `npm start` (which builds when
 * the build is missing or stale). Whatever `npm start` becomes, the bench measures that.
 */
export function startProductionServer(name, port, databaseUrl, extra = {}) {
  return launch(name, "sh", ["-c", npmScript("start")], appEnv(port, databaseUrl, extra), port);
}

/** (c) The stock arrangement: plain `next start`, every /v1 request through Next's route handlers. */
export function startStockServer(name, port, databaseUrl, extra = {}) {
  return launch(
    name,
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "--keepAliveTimeout", "65000"],
    { ...appEnv(port, databaseUrl, extra), NODE_ENV: "production" },
    port,
  );
}

/** (d) A stock Next + Prisma app: `next start` of next-prisma/, Prisma for every query. */
export function startNextPrismaServer(name, port, databaseUrl, extra = {}) {
  return launch(
    name,
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", NEXT_PRISMA, "-p", String(port), "--keepAliveTimeout", "65000"],
    { ...appEnv(port, databaseUrl, extra), NODE_ENV: "production", BENCH_NEXT_DIST_DIR: nextPrismaDist() },
    port,
  );
}

/** (b) The bare baseline: node:http + pg, the minimal SQL of the same work. */
export function startBareServer(name, port, databaseUrl, extra = {}) {
  return launch(name, process.execPath, ["scripts/bench/bare-server.mjs"], appEnv(port, databaseUrl, extra), port);
}

/** A job worker: package.json's "worker" script, i.e. `npm run worker`. */
export function startWorkerProcess(name, databaseUrl, extra = {}) {
  return launch(
    name,
    "sh",
    ["-c", npmScript("worker")],
    { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ...extra },
    undefined,
  );
}

/** The round-robin front over `upstreams` (for --instances). */
export function startProxy(name, port, upstreams) {
  return launch(
    name,
    process.execPath,
    ["scripts/bench/proxy.mjs"],
    { PORT: String(port), UPSTREAMS: upstreams.map((u) => u.url).join(",") },
    port,
  );
}

/** Resolves when GET /health answers 200; rejects when the process exits first or after `timeoutMs`. */
export async function waitHealthy(proc, timeoutMs = BOOT_TIMEOUT_MS, abort = { stopped: false }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (abort.stopped) throw new Error(`${proc.name}: boot abandoned (another server failed to start)`);
    if (proc.exited) throw new Error(`${proc.name} exited before it was healthy; see ${proc.logFile}`);
    try {
      const r = await fetch(`${proc.url}/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(
    `${proc.name} (port ${proc.port}) did not answer GET /health within ${timeoutMs / 1000} s (BENCH_BOOT_TIMEOUT_S); see ${proc.logFile}`,
  );
}

/**
 * Waits for every process to be healthy. The first failure stops all of them at once and
 * rejects with its message (the others' waits end too: nothing keeps polling afterwards).
 */
export async function waitAllHealthy(procs, timeoutMs = BOOT_TIMEOUT_MS) {
  const abort = { stopped: false };
  try {
    await Promise.all(procs.map((p) => waitHealthy(p, timeoutMs, abort)));
  } catch (err) {
    abort.stopped = true;
    await Promise.all(procs.map((p) => p.stop()));
    throw err;
  }
}

export async function stopAll() {
  await Promise.all([...running].map((p) => p.stop()));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
