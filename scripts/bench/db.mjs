// The bench's databases: one per arrangement on the one PostgreSQL server (so each server's
// in-process worker only sees its own jobs), copied from a migrated template, plus the seed
// (a merchant, a customer and N transactions written by SQL, never through the API).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrate } from "../migrate.mjs";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

const TEMPLATE = "payrail_bench_template";

/** The URL of database `name` on the same server as `baseUrl`. */
function databaseUrl(baseUrl, name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin(baseUrl, fn) {
  const client = new pg.Client({ connectionString: databaseUrl(baseUrl, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates and migrates the template unless it already has every migration shipped in prisma/migrations. */
export async function prepareTemplate(baseUrl) {
  const exists = await withAdmin(baseUrl, async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [TEMPLATE]);
    if (!rowCount) await c.query(`create database ${TEMPLATE}`);
    return rowCount > 0;
  });
  const shipped = readdirSync(path.join(ROOT, "prisma/migrations"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  if (exists) {
    const applied = await query(
      databaseUrl(baseUrl, TEMPLATE),
      `select migration_name from _prisma_migrations where finished_at is not null and rolled_back_at is null`,
    ).catch(() => []);
    const names = new Set(applied.map((r) => r.migration_name));
    if (shipped.every((m) => names.has(m))) return;
  }
  await migrate(databaseUrl(baseUrl, TEMPLATE));
}

/** A fresh, migrated, empty database `name` (dropped first when it exists). */
export async function freshDatabase(baseUrl, name) {
  await withAdmin(baseUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} template ${TEMPLATE}`);
  });
  return databaseUrl(baseUrl, name);
}

export async function dropDatabase(baseUrl, name) {
  await withAdmin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
}

/** A merchant (organisation, payment profile, API key) and one customer, written directly. */
export async function seedMerchant(url) {
  const apiKey = `sk_test_${randomBytes(24)
    .toString("base64")
    .replace(/[^0-9A-Za-z]/g, "")
    .slice(0, 32)
    .padEnd(32, "x")}`;
  const m = {
    organisation: randomUUID(),
    profile: randomUUID(),
    customer: randomUUID(),
    apiKey,
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(`insert into organisations (id, name) values ($1, 'Bench')`, [m.organisation]);
    await client.query(
      `insert into payment_profiles (id, "organisationId", name, "webhookSecret") values ($1, $2, 'Default', $3)`,
      [m.profile, m.organisation, `whsec_${randomBytes(24).toString("base64")}`],
    );
    await client.query(
      `insert into api_keys (id, "organisationId", hash, hint, name) values ($1, $2, $3, $4, 'Bench')`,
      [randomUUID(), m.organisation, createHash("sha256").update(apiKey).digest("hex"), apiKey.slice(0, 12)],
    );
    await client.query(
      `insert into customers (id, "organisationId", "firstName", "lastName", "emailAddress", "createdAt", "lastStatusUpdate")
       values ($1, $2, 'Bench', 'Mark', 'bench@example.com', now(), now())`,
      [m.customer, m.organisation],
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
  return m;
}

/**
 * Adds transactions until the merchant has `total` of them (each with its first history row),
 * in batches of 250,000 by generate_series: no API, no per-row round trip. Returns the seconds taken.
 */
export async function seedTransactions(url, m, total) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  try {
    const { rows } = await client.query(`select count(*)::int as n from transactions where "organisationId" = $1`, [
      m.organisation,
    ]);
    let have = rows[0].n;
    await client.query("set synchronous_commit = off");
    while (have < total) {
      const batch = Math.min(250_000, total - have);
      await client.query(
        `with t as (
           insert into transactions (id, "organisationId", "paymentProfileId", "customerId", amount, "paymentProduct",
             "merchantReference", details, status, "statusReason", "createdAt", "lastStatusUpdate")
           select gen_random_uuid(), $1, $2, $3, 100 + g % 100000, 'bank_selection', 'seed-' || g,
             jsonb_build_object('redirect_url', 'https://shop.example/return'),
             (array['INITIATED','AUTHORIZED','SETTLEMENT_COMPLETED','DECLINED','ABANDONED'])[1 + g % 5], '',
             now() - interval '1 hour' - g * interval '1 second', now() - interval '1 hour' - g * interval '1 second'
           from generate_series($4::int, $5::int) g
           returning id, "createdAt"
         )
         insert into transaction_history ("transactionId", "toStatus", actor, reason, "createdAt")
         select id, 'INITIATED', 'api', 'Started', "createdAt" from t`,
        [m.organisation, m.profile, m.customer, have + 1, have + batch],
      );
      have += batch;
    }
    // Vacuumed as well as analysed: a table that has been in service is, and otherwise autovacuum's
    // pass over the freshly inserted rows (and the hint bits the first reads set) would run during,
    // and be measured by, whichever round comes first.
    await client.query("vacuum (analyze) transactions, transaction_history");
    if (total >= 100_000) await client.query("checkpoint");
  } finally {
    await client.end();
  }
  return (Date.now() - t0) / 1000;
}

/** `n` ids of the merchant's transactions, spread over the whole table. */
export async function sampleIds(url, m, n) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select id from transactions tablesample system (5) where "organisationId" = $1 limit $2`,
      [m.organisation, n],
    );
    if (rows.length >= Math.min(n, 10)) return rows.map((r) => r.id);
    const all = await client.query(
      `select id from transactions where "organisationId" = $1 order by random() limit $2`,
      [m.organisation, n],
    );
    return all.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** CHECKPOINT between measurements, so one arrangement does not pay for another's dirty pages. */
export async function checkpoint(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("checkpoint");
  } finally {
    await client.end();
  }
}

export async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
