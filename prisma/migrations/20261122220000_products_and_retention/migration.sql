-- Payment products switched off per payment profile (error 150), empty meaning every product is enabled.
-- AlterTable
ALTER TABLE "payment_profiles" ADD COLUMN     "disabledProducts" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- The hourly purge of idempotency keys older than 24 h.
-- CreateIndex
CREATE INDEX "idempotency_keys_createdAt_idx" ON "idempotency_keys"("createdAt");

-- Resends are rate limited per event (lib/webhooks/events.ts).
-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "resendSlotAt" TIMESTAMP(3);
