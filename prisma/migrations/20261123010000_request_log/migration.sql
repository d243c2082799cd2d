-- The request log (lib/api/request-log.ts): authenticated /v1 requests per organisation, written in
-- batches off the hot path and trimmed to the last 1,000 per organisation. No foreign key: a
-- batch insert must not lock (or fail with) the organisations table. A sandbox reset keeps the
-- log (a record of what was asked, like the audit log).
CREATE TABLE "request_log" (
    "id" BIGSERIAL NOT NULL,
    "organisationId" UUID NOT NULL,
    "requestId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "requestBody" JSON,
    "responseBody" JSON,

    CONSTRAINT "request_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "request_log_organisationId_id_idx" ON "request_log"("organisationId", "id" DESC);
