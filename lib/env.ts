import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const ms = z.coerce.number().int().min(0);

const EnvSchema = z.object({
  /** `production` requires real secrets, forbids webhooks to private networks by default and has no demo merchant. */
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (scripts/with-db.mjs sets it)"),
  PAYRAIL_DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: z.string().min(32).optional(),
  VAULT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "VAULT_KEY must be 32 bytes, base64")
    .optional(),
  SETTLEMENT_DELAY_MS: ms.default(30_000),
  APPROVAL_TTL_MS: ms.min(1).default(15 * 60_000),
  DUMMY_UPDATE_DELAY_MS: ms.default(5_000),
  REFUND_DELAY_MS: ms.default(2_000),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  /** After a webhook secret rotation, the old secret still signs deliveries this long (default 24 h). */
  WEBHOOK_SECRET_OVERLAP_MS: ms.default(24 * 60 * 60_000),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.optional(),
  /** At most one resend attempt per webhook event in this interval (POST .../resend). */
  WEBHOOK_RESEND_INTERVAL_MS: ms.default(10_000),
  /**
   * Webhook deliveries one process has in flight to one receiving host (of 1,000 in all): a slow or
   * dead endpoint holds at most this many, and a backlog does not flood one merchant's server.
   */
  WEBHOOK_MAX_PER_HOST: z.coerce.number().int().min(1).max(200).default(32),
  WORKER_IN_PROCESS: bool.default(true),
  /**
   * Connections of each pool a process holds: the hot path's pg pool, Prisma's pool and the job
   * worker's pool (docs/configuration.md has the budget formula).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * How long one query may wait for PostgreSQL's answer on the API's pools (pg and Prisma) before
   * it fails (and the API answers 503, code 199): a database that hangs (a stopped host, a network
   * partition) must not hold requests for ever. Its connection is dropped; the pool opens a new one.
   */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Per API key, per instance (token bucket, error 140): average requests per second; 0 = no limit. */
  API_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).default(100),
  /** Per API key, per instance: requests allowed at once (the bucket's size). */
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The dashboard's request log (lib/api/request-log.ts); `off` stores no request at all. */
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
});

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  "BASE_URL" | "AUTH_SECRET" | "VAULT_KEY" | "WEBHOOK_ALLOW_PRIVATE_NETWORKS"
> & {
  BASE_URL: string;
  AUTH_SECRET: string;
  VAULT_KEY: string;
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolean;
};

let cached: Env | undefined;

/** Every setting, validated once on first use (not at import, so `next build` needs none). */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === "production";
  if (production && (!e.AUTH_SECRET || !e.VAULT_KEY)) {
    throw new Error("Invalid configuration: AUTH_SECRET and VAULT_KEY must be set when APP_ENV=production");
  }
  const secrets = production ? undefined : developmentSecrets(e.PAYRAIL_DATA_DIR);
  cached = {
    ...e,
    BASE_URL: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: e.AUTH_SECRET ?? secrets!.AUTH_SECRET,
    VAULT_KEY: e.VAULT_KEY ?? secrets!.VAULT_KEY,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS:
      e.WEBHOOK_ALLOW_PRIVATE_NETWORKS ??
      privateWebhooksByDefault(e.APP_ENV, e.BASE_URL ?? `http://localhost:${e.PORT}`),
  };
  return cached;
}

/**
 * SSRF safe out of the box: webhooks may reach private, loopback and metadata addresses only when
 * the service itself runs locally (its BASE_URL is a loopback address, as with a plain `npm start`)
 * and not in production, or when WEBHOOK_ALLOW_PRIVATE_NETWORKS says so explicitly.
 */
export function privateWebhooksByDefault(appEnv: string, baseUrl: string): boolean {
  if (appEnv === "production") return false;
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase();

  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1";
}

/** Outside production, missing secrets are generated once and kept in the data folder. */
function developmentSecrets(dataDir: string): { AUTH_SECRET: string; VAULT_KEY: string } {
  const file = path.resolve(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    VAULT_KEY: randomBytes(32).toString("base64"),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  } catch {
    // Another process wrote it first: use theirs.
    return JSON.parse(readFileSync(file, "utf8"));
  }
  return secrets;
}
