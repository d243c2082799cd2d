-- Sandbox powers (issue 14): payment profiles as a resource (webhook chaos mode, secret rotation
-- with an overlap) and what chaos did to each webhook attempt. Enabled products use issue 12's
-- "disabledProducts" column.
ALTER TABLE "payment_profiles" ADD COLUMN "previousWebhookSecret" TEXT,
ADD COLUMN "previousSecretExpiresAt" TIMESTAMP(3),
ADD COLUMN "webhookChaos" JSONB;

ALTER TABLE "webhook_attempts" ADD COLUMN "chaos" JSONB;

-- GET /v1/events and its stream page org-wide by (createdAt, id).
CREATE INDEX "webhook_events_createdAt_id_idx" ON "webhook_events"("createdAt", "id");

-- Deleting a customer (POST /v1/test/reset) checks its transactions: index the foreign key.
CREATE INDEX "transactions_customerId_idx" ON "transactions"("customerId");
