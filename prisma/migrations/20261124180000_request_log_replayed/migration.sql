-- The request log marks an answer replayed from an Idempotency-Key (Idempotent-Replayed: true), so
-- a retry does not read as a second refund or capture.
ALTER TABLE "request_log" ADD COLUMN "replayed" BOOLEAN NOT NULL DEFAULT false;
