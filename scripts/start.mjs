// npm start: production build when missing or older than the sources, then the embedded (or
// DATABASE_URL) PostgreSQL, migrations, and the production server (scripts/server.mjs: /v1 on
// node-native glue, everything else through Next). The server seeds the demo merchant and
// prints the URLs and the demo API key (lib/boot.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";
const port = process.env.PORT ?? "3000";
const bin = (name) => path.join(root, "node_modules/.bin", name);

if (buildIsStale()) {
  console.error("[start] building the app (production build) ...");
  const build = spawnSync(bin("next"), ["build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (buildIsStale("payrail/api.mjs")) {
  const api = spawnSync(process.execPath, ["scripts/build-api.mjs"], { stdio: "inherit" });
  if (api.status !== 0) process.exit(api.status ?? 1);
}
// `--build-only`: the build step alone (the bench makes it once before starting several servers).
if (process.argv.includes("--build-only")) process.exit(0);

const server = spawn(process.execPath, ["scripts/with-db.mjs", process.execPath, "scripts/server.mjs", "-p", port], {
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));

function buildIsStale(output = "BUILD_ID") {
  const stamp = path.join(root, process.env.NEXT_DIST_DIR || ".next", output);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = ["app", "lib", "components", "prisma", "instrumentation.ts", "next.config.js", "package.json"];

  return sources.some((s) => newerThan(path.join(root, s), built));
}

function newerThan(p, time) {
  if (!existsSync(p)) return false;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs > time;
  return readdirSync(p).some((name) => name !== "generated" && newerThan(path.join(p, name), time));
}
