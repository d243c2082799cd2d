-- Every API process keeps API keys in an in-process cache keyed by the key's hash
-- (lib/auth/key-cache.ts). Any change to api_keys (a revocation or a deletion, by the CLI, the
-- dashboard or plain SQL) is announced on this channel at commit, and every process empties its
-- cache. Rules rather than a trigger: Prisma's migration runner splits scripts on every
-- semicolon (even in comments and quoted bodies), which a PL/pgSQL body cannot avoid. A rule's
-- NOTIFY runs once per statement, and the statement's own result (its row count) is unchanged.
CREATE RULE api_keys_notify_update AS ON UPDATE TO "api_keys" DO ALSO NOTIFY payrail_api_key_changed;
CREATE RULE api_keys_notify_delete AS ON DELETE TO "api_keys" DO ALSO NOTIFY payrail_api_key_changed;
