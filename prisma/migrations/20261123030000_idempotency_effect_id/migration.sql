-- The id an idempotent request's new resource takes, so a retry after a crash can recover it.
ALTER TABLE "idempotency_keys" ADD COLUMN "effectId" UUID;
