// Applies every schema change the service needs: Prisma migrations (prisma/migrations) and the job
// queue's own schema (graphile-worker). Safe to run on every start and from several processes.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export async function migrate(databaseUrl) {
  await prismaMigrateDeploy(databaseUrl);
  const { runMigrations, Logger } = await import("graphile-worker");
  await runMigrations({ connectionString: databaseUrl, logger: new Logger(() => () => {}) });
}

function prismaMigrateDeploy(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          CHECKPOINT_DISABLE: "1",
          PRISMA_HIDE_UPDATE_MESSAGE: "1",
          // The wasm schema engine leaves long timers armed; unref them so the CLI exits promptly.
          NODE_OPTIONS: `--require ${path.join(root, "scripts/unref-long-timers.cjs")}`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed:\n${out}`))));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set (use: node scripts/with-db.mjs)");
    process.exit(2);
  }
  await migrate(process.env.DATABASE_URL);
}
