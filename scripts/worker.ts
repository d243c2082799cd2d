// npm run worker: the job worker as its own process (run the web app with WORKER_IN_PROCESS=false).
import { startWorker } from "@/lib/jobs/worker";
import { log } from "@/lib/log";

const runner = await startWorker();
log().info("worker started");
const stop = async () => {
  await runner.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await runner.promise;
