// npm run worker: the job worker as its own process (run the web app with WORKER_IN_PROCESS=false).
// No top-level await: tsx runs this file as CommonJS (package.json has no "type": "module").
import { startWorker } from "@/lib/worker/worker";
import { log } from "@/lib/log";
import { drainDeliveries } from "@/lib/webhooks/deliver";

async function main() {
  const runner = await startWorker();
  log().info("worker started");
  const stop = async () => {
    await runner.stop();
    // Webhook attempts already under way finish (at most the 15 s delivery timeout).
    await drainDeliveries();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await runner.promise;
}

main().catch((err) => {
  log().fatal({ err }, "worker failed");
  process.exit(1);
});
