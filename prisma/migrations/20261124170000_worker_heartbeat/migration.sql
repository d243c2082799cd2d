-- Job-queue workers say they are alive (lib/worker/stale-locks.ts): a timer locked by a worker
-- whose heartbeat stopped is released within seconds instead of a minute. Unlogged: a heartbeat
-- is worth nothing after a crash of the database itself.
CREATE UNLOGGED TABLE "worker_heartbeats" (
    "workerId" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_heartbeats_pkey" PRIMARY KEY ("workerId")
);
