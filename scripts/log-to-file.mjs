// Usage: node scripts/log-to-file.mjs <file> <cmd...>
// Runs <cmd>, copying its stdout and stderr to <file> as well, so tests can search what a server
// logged (the card data leak test). Signals are forwarded; the exit code is the command's.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

const [file, cmd, ...args] = process.argv.slice(2);
mkdirSync(path.dirname(file), { recursive: true });
const out = createWriteStream(file, { flags: "a" });
const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on("data", (d) => {
    out.write(d);
    to.write(d);
  });
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => out.end(() => process.exit(code ?? (signal ? 1 : 0))));
