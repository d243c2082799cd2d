// The import arrows of lib/: every module may import its own folder and the layers below it,
// never a layer above. Prints each upward import and exits 1 if there is any; `--count` prints
// only the number. A new folder under lib/ must be given its layer here.
//
//   node scripts/check-layers.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// Bottom first. A folder (or a top-level file of lib/, without .ts) per name.
const LAYERS = [
  ["generated", "domain", "errors", "env", "log"], // vocabulary: imports nothing of ours above
  ["db", "schemas"],
  ["jobs", "auth", "customers"],
  ["webhooks"],
  ["merchants"],
  ["processors"], // the sixteen products, behind one interface
  ["transactions"], // services: start, transition, operations
  ["sandbox"], // sandbox controls: timelines, events stream, webhook check, reset, seed, test data
  ["worker", "contract", "approval", "api", "store", "boot", "health", "dashboard", "client"], // entry points and transports
];
const rank = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i])));

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === "generated" || name === "node_modules") continue;
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
})(path.join(root, "lib"));

const folderOf = (rel) => rel.split("/")[0].replace(/(\.test)?\.tsx?$/, "");
const problems = [];
for (const file of files) {
  const rel = path.relative(path.join(root, "lib"), file);
  const from = folderOf(rel);
  if (!rank.has(from)) problems.push(`lib/${rel}: folder "${from}" has no layer in scripts/check-layers.mjs`);
  const source = readFileSync(file, "utf8");
  for (const [, target] of source.matchAll(/(?:from|import)\s*\(?\s*["']@\/lib\/([^"']+)["']/g)) {
    const to = folderOf(target);
    if (to === from) continue;
    if (!rank.has(to)) problems.push(`lib/${rel} imports lib/${target}: folder "${to}" has no layer`);
    else if (rank.get(to) > rank.get(from)) problems.push(`lib/${rel} imports lib/${target} (upward: ${from} → ${to})`);
  }
}

if (process.argv.includes("--count")) {
  console.log(problems.length);
} else {
  for (const p of problems) console.error(p);
  console.log(`layers: ${files.length} modules, ${problems.length} upward imports`);
}
process.exit(problems.length ? 1 : 0);
