// npm run check: the habits every change keeps, fastest first. Exits non-zero on the first failure
// category but runs them all, so one run shows everything to mend.
//   1. Biome: formatting and lint rules (biome.json)
//   2. TypeScript: tsc --noEmit (types are not only checked as a side effect of next build)
//   3. knip: unused files, exports and dependencies (knip.json)
//   4. layers: no module under lib/ imports a folder above it (scripts/check-layers.mjs)
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const steps = [
  ["biome", bin("biome"), ["ci", "--reporter=summary", "."]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["knip", bin("knip"), ["--no-progress"]],
  ["layers", process.execPath, ["scripts/check-layers.mjs"]],
];

let failed = 0;
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  const ok = r.status === 0;
  if (!ok) failed++;
  console.log(`[check] ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
process.exit(failed ? 1 : 0);
