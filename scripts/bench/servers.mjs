// The processes the bench starts, each in its own process group (stopped by group id at the end):
//   (a) the production server: exactly what `npm start` runs (package.json's "start" script),
//   (b) the bare baseline (bare-server.mjs),
//   (c) the stock arrangement: plain `next start` (the Next route handlers),
// plus `npm run worker` processes and the round-robin front for --instances.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const LOG_DIR = path.resolve(ROOT, process.env.PAYRAIL_DATA_DIR ?? ".data", "bench-logs");
const running = new Set();

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
      running.delete(proc);
      if (exited) return;
      signalGroup(child.pid, "SIGTERM");
      const done = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) signalGroup(child.pid, "SIGKILL");
      await Promise.race([exit, sleep(2000)]);
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
export async function waitHealthy(proc, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${proc.name} exited before it was healthy; see ${proc.logFile}`);
    try {
      const r = await fetch(`${proc.url}/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${proc.name} was not healthy within ${timeoutMs / 1000} s; see ${proc.logFile}`);
}

export async function stopAll() {
  await Promise.all([...running].map((p) => p.stop()));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
