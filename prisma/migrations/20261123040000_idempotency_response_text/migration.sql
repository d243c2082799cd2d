-- The stored answer as sent (JSON text), so a replay is byte for byte the first answer: jsonb
-- reorders an object's keys.
ALTER TABLE "idempotency_keys" ALTER COLUMN "responseBody" TYPE TEXT USING "responseBody"::text;
