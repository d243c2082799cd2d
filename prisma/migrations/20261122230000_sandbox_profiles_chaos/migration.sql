-- Sandbox powers (issue 14): payment profiles as a resource (enabled products, webhook chaos mode,
-- secret rotation with an overlap) and what chaos did to each webhook attempt.
-- Merge note: issue 12 wants the same enabledProducts column: keep one of the two ADD COLUMNs.
ALTER TABLE "payment_profiles" ADD COLUMN "enabledProducts" TEXT[];
ALTER TABLE "payment_profiles" ADD COLUMN "previousWebhookSecret" TEXT,
ADD COLUMN "previousSecretExpiresAt" TIMESTAMP(3),
ADD COLUMN "webhookChaos" JSONB;

ALTER TABLE "webhook_attempts" ADD COLUMN "chaos" JSONB;

-- GET /v1/events and its stream page org-wide by (createdAt, id).
CREATE INDEX "webhook_events_createdAt_id_idx" ON "webhook_events"("createdAt", "id");

-- Deleting a customer (POST /v1/test/reset) checks its transactions: index the foreign key.
CREATE INDEX "transactions_customerId_idx" ON "transactions"("customerId");
