import { createBatcher, isDataError } from "@/lib/db/batcher";
import { q } from "@/lib/db/pg";
import { env } from "@/lib/env";
import { DELIVERY_PRIORITY } from "@/lib/jobs/queue";
import { ATTEMPT_LEASE_MS, dispatchAfterCommit } from "@/lib/webhooks/deliver";
import type { Transaction } from "@/lib/generated/prisma/client";

/**
 * The hot path's SQL (docs/decisions.md): every write is one statement that folds the ownership
 * check, the status compare-and-set, the history row, the webhook outbox event and its delivery
 * job, and any timers, so it commits (or fails) as a whole in one round trip. Named statements:
 * each connection plans them once.
 */

/** A job for graphile-worker, added in the same statement (lib/jobs/queue.ts has the names). */
export type JobRow = {
  name: string;
  payload: unknown;
  run_at: string | null;
  job_key: string | null;
  max_attempts: number;
};

/** A history row to write, in order (oldest first). */
export type HistoryRow = { from: string | null; to: string; reason: string; actor: string; at: string };

/** The webhook event to write with the change (its payload frozen now), or none. */
export type EventRow = { id: string; payload: Record<string, unknown>; at: string };

/** The columns of a job in the JSON handed to addJobsSql (a JobRow). */
const JOB_COLUMNS = "x(name text, payload json, run_at timestamptz, job_key text, max_attempts int)";

/**
 * The jobs of `jobsFrom` (a FROM clause naming the jobs `x`, JOB_COLUMNS, joined to the written
 * row so nothing is added when nothing was written), plus the delivery job of each event written
 * by eventSql (CTE `ev`) that has a URL, when `deliveryJobs`. A job due later goes straight
 * into graphile-worker's job table, without `add_job`: `add_job` NOTIFYs `jobs:insert`, and a
 * transaction that NOTIFYs holds PostgreSQL's global notify lock from its commit until the commit
 * is flushed, so every such commit waits for the one before it (measured here: 2,000 inserts/s
 * without, 330/s with; docs/decisions.md). A wake-up is no use for a job due later anyway: the
 * worker finds it by its poll. Jobs due now (they need the wake-up), jobs whose task graphile-worker
 * has not registered yet and jobs whose key is already taken (add_job's replace rules apply) go
 * through `add_job`.
 *
 * `deliveryJobs`: each event with a URL also gets its `deliver_webhook` job, due at once (deliveries
 * left to separate workers). With the worker in this process there is none: the event is claimed
 * by the statement itself and handed to this process's deliveries right after the commit (eventSql,
 * dispatchAfterCommit).
 */
const addJobsSql = (jobsFrom: string, deliveryJobs: boolean) => `
  jx as (
    select x.*, tk.id as task_id,
      coalesce(x.run_at > now(), false) and tk.id is not null and taken.key is null as later
    from (
      select x.*, null::int as priority
      from ${jobsFrom}${
        deliveryJobs
          ? `
      union all
      select 'deliver_webhook', json_build_object('eventId', ev.id), ev."createdAt" at time zone 'UTC',
        'webhook:' || ev.id, 5, ${DELIVERY_PRIORITY}
      from ev where ev."targetUrl" <> ''`
          : ""
      }
    ) x
    left join graphile_worker._private_tasks tk on tk.identifier = x.name
    -- A probe of the key's index per job. As \`not exists (...)\` the planner, expecting 100 rows
    -- from jsonb_to_recordset, hashed the whole job table on every start (9 ms at 6,000 jobs).
    left join lateral (
      select pj.key from graphile_worker._private_jobs pj where pj.key = x.job_key limit 1
    ) taken on true
  ),
  jl as (
    insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, key, priority)
    select jx.task_id, coalesce(jx.payload, '{}'::json), jx.run_at, jx.max_attempts::smallint, jx.job_key,
      coalesce(jx.priority, 0)::smallint
    from jx where jx.later
    returning 1
  ),
  j as (
    select graphile_worker.add_job(jx.name, jx.payload, run_at => jx.run_at, max_attempts => jx.max_attempts,
      job_key => jx.job_key, priority => jx.priority)
    from jx where not jx.later
  )`;

/**
 * The event row (skipped when no webhook URL applies: the transaction's own, else its profile's).
 * Reads the CTE `evsrc`: the changed transaction row plus ev_id, ev_payload and ev_at.
 *
 * `claimed` (the worker runs in this process): the event is written with its first attempt
 * already claimed (attempts 1, due again only when that attempt's lease runs out, as a claim
 * (claimDeliveryAttempt) leaves it), and the CTE `dispatch` carries what the attempt needs (payload,
 * URL, the profile's secrets and chaos settings), so the API hands it to this process's
 * deliveries right after the commit with no further round trip and no job (dispatchAfterCommit).
 * A process that dies before the attempt is recorded leaves the event pending: the sweeper
 * (lib/webhooks/sweep.ts) revives it once the lease has run out. Otherwise its delivery job is
 * added by addJobsSql.
 */
const eventSql = (claimed: boolean) => `
  ev as (
    insert into webhook_events (id, "transactionId", type, payload, "createdAt", "targetUrl", status, "nextAttemptAt",
      attempts)
    select s.ev_id::uuid, s.id, 'transaction', s.ev_payload, s.ev_at::timestamptz, u.url,
           case when u.url <> '' then 'pending' else 'skipped' end,
           case when u.url <> '' then s.ev_at::timestamptz${claimed ? ` + interval '${ATTEMPT_LEASE_MS} milliseconds'` : ""} end,
           case when u.url <> '' then ${claimed ? 1 : 0} else 0 end
    from evsrc s
    cross join lateral (select coalesce(nullif(s."webhookUrl", ''),
      (select "webhookTransactionUpdate" from payment_profiles p where p.id = s."paymentProfileId"), '') as url) u
    returning id, "transactionId", "targetUrl", "createdAt", payload
  ),
  dispatch as (
    select ev.id as "dispatchEventId", ev."transactionId" as "dispatchTransactionId", ev."targetUrl" as "dispatchUrl",
      ev.payload as "dispatchPayload", p."webhookSecret" as "dispatchSecret",
      p."previousWebhookSecret" as "dispatchPreviousSecret",
      p."previousSecretExpiresAt" as "dispatchPreviousSecretExpiresAt", p."webhookChaos" as "dispatchChaos"
    from ev join evsrc s on s.ev_id::uuid = ev.id join payment_profiles p on p.id = s."paymentProfileId"
    where ${claimed ? "ev.\"targetUrl\" <> ''" : "false"}
  )`;

/** With the worker in this process, the API claims and hands over the first attempt (eventSql). */
const claimsDelivery = () => env().WORKER_IN_PROCESS;

/** The columns of `dispatch` (eventSql) in a row, removed before the row is used as a transaction. */
type DispatchColumns = {
  dispatchEventId: string | null;
  dispatchTransactionId: string | null;
  dispatchUrl: string | null;
  dispatchPayload: unknown;
  dispatchSecret: string | null;
  dispatchPreviousSecret: string | null;
  dispatchPreviousSecretExpiresAt: Date | null;
  dispatchChaos: unknown;
};
const DISPATCH_KEYS: (keyof DispatchColumns)[] = [
  "dispatchEventId",
  "dispatchTransactionId",
  "dispatchUrl",
  "dispatchPayload",
  "dispatchSecret",
  "dispatchPreviousSecret",
  "dispatchPreviousSecretExpiresAt",
  "dispatchChaos",
];

/** Hands the attempt claimed by the statement (if any) to this process's deliveries. */
function dispatch(r: DispatchColumns): void {
  if (!r.dispatchEventId || !r.dispatchUrl || r.dispatchSecret === null) return;
  dispatchAfterCommit({
    eventId: r.dispatchEventId,
    url: r.dispatchUrl,
    payload: r.dispatchPayload,
    profile: {
      webhookSecret: r.dispatchSecret,
      previousWebhookSecret: r.dispatchPreviousSecret,
      previousSecretExpiresAt: r.dispatchPreviousSecretExpiresAt,
      webhookChaos: r.dispatchChaos,
    },
  });
}

export type StartRow = {
  id: string;
  organisationId: string;
  paymentProfileId: string;
  customerId: string;
  amount: number;
  paymentProduct: string;
  customerIp: string;
  userAgent: string;
  dynamicDescriptor: string;
  merchantReference: string;
  webhookUrl: string;
  details: unknown;
  extraFields: unknown;
  status: string;
  statusReason: string;
  createdAt: string;
  lastStatusUpdate: string;
};

/**
 * A start with an inline customer object: the customer ($21, a customers row as JSON) is inserted
 * by the same statement, only when the profile is the caller's. (Every other start goes through
 * startBatchSql.)
 */
const startNewCustomerSql = () => `
  with
  prof as (
    select id from payment_profiles
    where id = $2::uuid and "organisationId" = $1::uuid and not ($6 = any(coalesce("disabledProducts", '{}')))
  ),
  cust as (
    insert into customers
    select r.* from prof cross join jsonb_populate_record(null::customers, $21::jsonb) r
    where r.id = $3::uuid and r."organisationId" = $1::uuid
    returning id
  ),
  t as (
    insert into transactions (id, "organisationId", "paymentProfileId", "customerId", amount, "paymentProduct",
      "customerIp", "userAgent", "dynamicDescriptor", "merchantReference", "webhookUrl", details, "extraFields",
      status, "statusReason", "createdAt", "lastStatusUpdate")
    select $4::uuid, $1::uuid, prof.id, cust.id, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15,
      $16::timestamptz, $17::timestamptz
    from prof, cust
    returning *
  ),
  h as (
    insert into transaction_history ("transactionId", "fromStatus", "toStatus", reason, actor, "createdAt")
    select t.id, x."from", x."to", x.reason, x.actor, x.at::timestamptz
    from t, jsonb_to_recordset($18::jsonb) as x("from" text, "to" text, reason text, actor text, at text, n int)
    order by x.n
    returning 1
  ),
  evsrc as (
    select t.*, x.id as ev_id, x.payload as ev_payload, x.at as ev_at
    from t cross join jsonb_to_record($19::jsonb) as x(id text, payload jsonb, at text)
    where $19::jsonb is not null
  ),
  ${eventSql(claimsDelivery())},
  ${addJobsSql(`jsonb_to_recordset($20::jsonb) as ${JOB_COLUMNS} cross join t`, !claimsDelivery())}
  select t.*, (select count(*) from h)::int as "historyRows",
    (select count(*) from j)::int + (select count(*) from jl)::int as jobs, d.*
  from t left join dispatch d on true`;
const sqlCache = new Map<string, string>();
/** Built on first use (whether the API claims deliveries depends on a setting). */
const cached = (key: string, build: () => string) => {
  const sql = sqlCache.get(key) ?? build();
  sqlCache.set(key, sql);
  return sql;
};

/**
 * Stores a started transaction with its history, event and jobs in one statement, shared with the
 * starts that wait at the same moment (enqueueStart; alone with an inline customer). Null when the
 * payment profile or the customer is not the caller's, or the product is disabled on the profile
 * (nothing was written). `newCustomer`: the customers row to insert with it (the request's inline
 * customer object; `row.customerId` is its id).
 */
export async function insertStarted(
  row: StartRow,
  history: HistoryRow[],
  event: EventRow | null,
  jobs: JobRow[],
  newCustomer?: Record<string, unknown>,
): Promise<Transaction | null> {
  const t = newCustomer
    ? await startWithNewCustomer(row, history, event, jobs, newCustomer)
    : await enqueueStart({ row, history, event, jobs });
  if (!t) return null;
  dispatch(t);
  return strip(t, ["historyRows", "jobs", ...DISPATCH_KEYS]);
}

/** A start with an inline customer, in its own statement (startNewCustomerSql). */
async function startWithNewCustomer(
  row: StartRow,
  history: HistoryRow[],
  event: EventRow | null,
  jobs: JobRow[],
  newCustomer: Record<string, unknown>,
): Promise<StartedRow | null> {
  const [t] = await q<StartedRow>(
    "payrail_start_new_customer",
    cached("payrail_start_new_customer", startNewCustomerSql),
    [
      row.organisationId,
      row.paymentProfileId,
      row.customerId,
      row.id,
      row.amount,
      row.paymentProduct,
      row.customerIp,
      row.userAgent,
      row.dynamicDescriptor,
      row.merchantReference,
      row.webhookUrl,
      JSON.stringify(row.details),
      JSON.stringify(row.extraFields),
      row.status,
      row.statusReason,
      row.createdAt,
      row.lastStatusUpdate,
      JSON.stringify(history.map((h, n) => ({ ...h, n }))),
      event ? JSON.stringify(event) : null,
      JSON.stringify(jobs),
      JSON.stringify(newCustomer),
    ],
  );
  return t ?? null;
}

/**
 * Many starts in one statement: the same writes as startNewCustomerSql (for an existing customer)
 * for each element of $1 (a JSON array
 * of StartRow plus its `history`, `event` and `jobs`, numbered by `i`). A start whose profile or
 * customer is not its organisation's (or whose product is disabled) writes nothing and returns
 * no row. The ownership checks are lateral probes of the primary keys, whatever the batch's size
 * (the planner expects 100 rows from jsonb_to_recordset and would otherwise scan both tables).
 */
const startBatchSql = () => `
  with
  inp as (
    select * from jsonb_to_recordset($1::jsonb) as x(i int, id uuid, "organisationId" uuid, "paymentProfileId" uuid,
      "customerId" uuid, amount int, "paymentProduct" text, "customerIp" text, "userAgent" text,
      "dynamicDescriptor" text, "merchantReference" text, "webhookUrl" text, details jsonb, "extraFields" jsonb,
      status text, "statusReason" text, "createdAt" timestamptz, "lastStatusUpdate" timestamptz,
      history jsonb, event jsonb, jobs jsonb)
  ),
  t as (
    insert into transactions (id, "organisationId", "paymentProfileId", "customerId", amount, "paymentProduct",
      "customerIp", "userAgent", "dynamicDescriptor", "merchantReference", "webhookUrl", details, "extraFields",
      status, "statusReason", "createdAt", "lastStatusUpdate")
    select n.id, n."organisationId", n."paymentProfileId", n."customerId", n.amount, n."paymentProduct",
      n."customerIp", n."userAgent", n."dynamicDescriptor", n."merchantReference", n."webhookUrl", n.details,
      n."extraFields", n.status, n."statusReason", n."createdAt", n."lastStatusUpdate"
    from inp n
    cross join lateral (
      select 1 from payment_profiles p
      where p.id = n."paymentProfileId" and p."organisationId" = n."organisationId"
        and not (n."paymentProduct" = any(coalesce(p."disabledProducts", '{}')))
      limit 1
    ) prof
    cross join lateral (
      select 1 from customers c where c.id = n."customerId" and c."organisationId" = n."organisationId" limit 1
    ) cust
    order by n.i
    returning *
  ),
  ti as (select t.id as tid, n.i, n.history, n.event, n.jobs from t join inp n on n.id = t.id),
  h as (
    insert into transaction_history ("transactionId", "fromStatus", "toStatus", reason, actor, "createdAt")
    select ti.tid, x."from", x."to", x.reason, x.actor, x.at::timestamptz
    from ti cross join jsonb_to_recordset(ti.history) as x("from" text, "to" text, reason text, actor text, at text, n int)
    order by ti.i, x.n
    returning 1
  ),
  evsrc as (
    select t.*, x.id as ev_id, x.payload as ev_payload, x.at as ev_at
    from t join ti on ti.tid = t.id cross join jsonb_to_record(ti.event) as x(id text, payload jsonb, at text)
    where jsonb_typeof(ti.event) = 'object'
  ),
  ${eventSql(claimsDelivery())},
  ${addJobsSql(`ti cross join jsonb_to_recordset(ti.jobs) as ${JOB_COLUMNS}`, !claimsDelivery())}
  select t.*, (select count(*) from h)::int as "historyRows",
    (select count(*) from j)::int + (select count(*) from jl)::int as jobs, d.*
  from t left join dispatch d on d."dispatchTransactionId" = t.id`;

type StartedRow = Transaction & DispatchColumns;
type StartItem = { row: StartRow; history: HistoryRow[]; event: EventRow | null; jobs: JobRow[] };

/**
 * Starts without an inline customer go through startBatchSql, together with the starts that
 * arrive while two batches are running (up to 64 in one statement).
 */
const enqueueStart = createBatcher<StartItem, StartedRow | null>({
  inFlight: 2,
  max: 64,
  run: writeStarts,
  aloneOnError: isDataError,
});

/** Writes starts with startBatchSql: each one's row, or null when it was not the caller's to write. */
async function writeStarts(items: StartItem[]): Promise<(StartedRow | null)[]> {
  const rows = await q<StartedRow>("payrail_start_batch", cached("payrail_start_batch", startBatchSql), [
    JSON.stringify(
      items.map((b, i) => ({
        ...b.row,
        i,
        history: b.history.map((h, n) => ({ ...h, n })),
        event: b.event,
        jobs: b.jobs,
      })),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((b) => byId.get(b.row.id) ?? null);
}

/**
 * Why a start stored nothing (insertStarted returned null): the caller's profile (with its
 * disabled products) or null, and whether the customer is the caller's.
 */
export async function startReferences(organisationId: string, profileId: string, customerId: string) {
  const [r] = await q<{ profile: { id: string; disabledProducts: string[] | null } | null; customer: boolean }>(
    "payrail_start_refs",
    `select (select json_build_object('id', id, 'disabledProducts', "disabledProducts") from payment_profiles
             where id = $2::uuid and "organisationId" = $1::uuid) as profile,
            exists(select 1 from customers where id = $3::uuid and "organisationId" = $1::uuid) as customer`,
    [organisationId, profileId, customerId],
  );
  return r;
}

/**
 * The time of a status change, taken once the row is locked (a change that waited for another
 * one's lock must not be stamped before it) and always after the previous change, so that
 * `last_status_update` orders a transaction's events: milliseconds, as the API shows them.
 */
const changeTimeSql = (previous: string) =>
  `greatest(date_trunc('milliseconds', clock_timestamp()), ${previous} + interval '1 millisecond')`;

/** A timestamptz as the API writes it (ISO 8601 UTC with milliseconds). */
const isoSql = (at: string) => `to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const transitionSql = () => `
  with
  cur as (
    select id, status, "lastStatusUpdate" from transactions
    where id = $1::uuid and "organisationId" = $2::uuid for update
  ),
  clock as (select ${changeTimeSql(`cur."lastStatusUpdate"`)} as at from cur),
  upd as (
    update transactions tr
    set status = $3, "statusReason" = $4, "lastStatusUpdate" = clock.at,
        "capturedAmount" = coalesce($5::int, tr."capturedAmount")
    from cur, clock
    where tr.id = cur.id and cur.status = any($6::text[])
    returning tr.*, cur.status as "previousStatus"
  ),
  h as (
    insert into transaction_history ("transactionId", "fromStatus", "toStatus", reason, actor, "createdAt")
    select id, "previousStatus", status, "statusReason", $7, "lastStatusUpdate" from upd
    returning 1
  ),
  evsrc as (
    select upd.*, $8::text as ev_id, ${isoSql(`upd."lastStatusUpdate"`)} as ev_at,
      jsonb_build_object('type', 'transaction', 'id', upd.id, 'status', upd.status,
        'status_reason', upd."statusReason", 'amount', upd.amount::text,
        'merchant_reference', upd."merchantReference",
        'last_status_update', ${isoSql(`upd."lastStatusUpdate"`)}) as ev_payload
    from upd
  ),
  ${eventSql(claimsDelivery())},
  ${addJobsSql(`jsonb_to_recordset($9::jsonb) as ${JOB_COLUMNS} cross join upd`, !claimsDelivery())}
  select cur.status as "currentStatus", upd.*,
    (select count(*) from h)::int as "historyRows",
    (select count(*) from j)::int + (select count(*) from jl)::int as jobs, d.*
  from cur left join upd on true left join dispatch d on true`;

export type TransitionResult =
  | { kind: "not_found" }
  | { kind: "conflict"; status: string }
  | { kind: "done"; transaction: Transaction };

/**
 * A status change made through the API, in one statement: scoped to the organisation, locked,
 * compare-and-set on `from`, with the history row, the webhook event (+ delivery job) and `jobs`.
 */
export async function transitionOne(opts: {
  id: string;
  organisationId: string;
  to: string;
  reason: string;
  from: readonly string[];
  actor: string;
  eventId: string;
  capturedAmount?: number;
  jobs?: JobRow[];
}): Promise<TransitionResult> {
  const [r] = await q<
    Transaction &
      DispatchColumns & {
        currentStatus: string;
        id: string | null;
      }
  >("payrail_transition", cached("payrail_transition", transitionSql), [
    opts.id,
    opts.organisationId,
    opts.to,
    opts.reason,
    opts.capturedAmount ?? null,
    opts.from,
    opts.actor,
    opts.eventId,
    JSON.stringify(opts.jobs ?? []),
  ]);
  if (!r) return { kind: "not_found" };
  if (r.id === null) return { kind: "conflict", status: r.currentStatus };
  dispatch(r);
  return {
    kind: "done",
    transaction: strip(r, ["currentStatus", "previousStatus", "historyRows", "jobs", ...DISPATCH_KEYS]),
  };
}

const TX_BY_ID = `select * from transactions where id = $1::uuid and "organisationId" = $2::uuid`;

export async function selectTransaction(organisationId: string, id: string): Promise<Transaction | null> {
  const [t] = await q<Transaction>("payrail_tx_by_id", TX_BY_ID, [id, organisationId]);
  return t ?? null;
}

export type PageFilter = {
  status?: string;
  paymentProduct?: string;
  merchantReference?: string;
  /** Keyset: only rows before this (createdAt, id), newest first. */
  before?: { createdAt: Date; id: string };
};

/**
 * One page of the organisation's transactions, newest first, `limit` rows at most. One statement
 * per combination of the filters present (named, so each is planned once per connection), each
 * with only its own conditions: a generic `($n is null or …)` plan would walk the organisation's
 * whole (createdAt, id) index for a merchant_reference that the (organisationId, merchantReference)
 * index finds at once. The keyset condition is a row comparison the (organisationId, createdAt,
 * id) index answers directly.
 */
export async function selectTransactionPage(
  organisationId: string,
  filter: PageFilter,
  limit: number,
): Promise<Transaction[]> {
  const values: unknown[] = [organisationId];
  const where = [`"organisationId" = $1::uuid`];
  let name = "payrail_tx_page";
  const add = (key: string, condition: (n: number) => string, ...vs: unknown[]) => {
    values.push(...vs);
    where.push(condition(values.length - vs.length + 1));
    name += `_${key}`;
  };
  if (filter.status !== undefined) add("s", (n) => `status = $${n}`, filter.status);
  if (filter.paymentProduct !== undefined) add("p", (n) => `"paymentProduct" = $${n}`, filter.paymentProduct);
  if (filter.merchantReference !== undefined) add("r", (n) => `"merchantReference" = $${n}`, filter.merchantReference);
  if (filter.before)
    add(
      "c",
      (n) => `("createdAt", id) < ($${n}::timestamptz at time zone 'UTC', $${n + 1}::uuid)`,
      filter.before.createdAt.toISOString(),
      filter.before.id,
    );
  values.push(limit);
  const text = `select * from transactions where ${where.join(" and ")}
    order by "createdAt" desc, id desc limit $${values.length}`;
  return q<Transaction>(name, text, values);
}

export async function selectStatus(
  organisationId: string,
  id: string,
): Promise<Pick<Transaction, "status" | "statusReason"> | null> {
  const [t] = await q<Pick<Transaction, "status" | "statusReason">>(
    "payrail_tx_status",
    `select status, "statusReason" from transactions where id = $1::uuid and "organisationId" = $2::uuid`,
    [id, organisationId],
  );
  return t ?? null;
}

function strip<T>(row: T & Record<string, unknown>, keys: string[]): T {
  for (const k of keys) delete row[k];
  return row;
}
