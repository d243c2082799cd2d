-- The update rule of 20261122235000 announced every UPDATE of api_keys, the once-a-minute
-- lastUsedAt write of lib/auth/key-usage.ts included, so every process emptied its whole key cache
-- once a minute for every key in use. Only a statement that sets a column authentication reads
-- (hash, organisationId, revokedAt) announces a change now: a statement-level trigger with UPDATE OF.
-- Deletions keep their rule. Prisma's migration runner splits scripts on every semicolon, even
-- inside a function body, so the PL/pgSQL body is an escape string that spells each one as \073.
DROP RULE IF EXISTS api_keys_notify_update ON "api_keys";

CREATE FUNCTION payrail_notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''payrail_api_key_changed'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER api_keys_notify_update AFTER UPDATE OF "hash", "organisationId", "revokedAt" ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION payrail_notify_api_key_changed();
