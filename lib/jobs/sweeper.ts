import { log } from "@/lib/log";

/**
 * Runs `sweep` now and then every `intervalMs` (errors logged under `name`, never thrown), on a
 * timer that does not keep the process alive, until the returned function is called. The worker's
 * recovery sweeps use it (lib/webhooks/sweep.ts, lib/worker/stale-locks.ts).
 */
export function startSweeper(name: string, intervalMs: number, sweep: () => Promise<unknown>): () => void {
  const run = () => sweep().catch((err) => log().error({ err }, `${name} failed`));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();

  return () => clearInterval(timer);
}
