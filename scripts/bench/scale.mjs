// --instances N --workers M: N production servers (no in-process worker) and M `npm run worker`
// processes on one PostgreSQL behind the round-robin front (proxy.mjs), under load; then a
// reconciliation of what the clients were told against what the database holds and what the
// webhook receiver got.
import { freshDatabase, query, seedMerchant, seedTransactions } from "./db.mjs";
import { closedLoop } from "./load.mjs";
import {
  sleep,
  startProductionServer,
  startProxy,
  startWorkerProcess,
  waitAllHealthy,
  waitHealthy,
} from "./servers.mjs";

// Short sandbox timers, so each transaction's whole chain (AUTHORIZED at start, SETTLEMENT_REQUESTED by the
// dummy follow-up, SETTLEMENT_COMPLETED by the settlement timer) finishes within the run.
// DB_POOL_MAX 8: 2 app servers × (2P + 1) + 2 workers × 3P = 82 connections at most, under the
// embedded PostgreSQL's 100 (docs/scaling.md).
const TIMERS = {
  DUMMY_UPDATE_DELAY_MS: "300",
  SETTLEMENT_DELAY_MS: "700",
  WORKER_IN_PROCESS: "false",
  DB_POOL_MAX: "8",
};

export async function runScale({ baseDb, basePort, settings, instances, workers, receiver, say }) {
  const problems = [];
  const url = await freshDatabase(baseDb, "payrail_bench_scale");
  const m = await seedMerchant(url);
  await seedTransactions(url, m, settings.rows);
  const apps = Array.from({ length: instances }, (_, i) =>
    startProductionServer(`scale-app-${i + 1}`, basePort + 11 + i, url, TIMERS),
  );
  const workerProcs = Array.from({ length: workers }, (_, i) =>
    startWorkerProcess(`scale-worker-${i + 1}`, url, TIMERS),
  );
  await waitAllHealthy(apps);
  const front = startProxy("scale-front", basePort + 10, apps);
  await waitHealthy(front);
  say(`scale: ${instances} app server(s), ${workers} worker(s), front on ${front.port}`);

  const answered = new Set();
  let seq = 0;
  const body = () =>
    JSON.stringify({
      payment_profile: m.profile,
      amount: 1234,
      customer: m.customer,
      payment_product: "dummy",
      merchant_reference: `scale-${seq++}`,
      details: { dummy_outcome: "AUTHORIZED", dummy_outcome_update: "SETTLEMENT_REQUESTED" },
      webhook_transaction_update: `${receiver.url}/scale`,
    });
  const duration = settings.quick ? 3 : Math.max(10, settings.duration * 2);
  const headers = { apiKey: m.apiKey, "content-type": "application/json" };
  const load = await closedLoop({
    url: front.url,
    connections: settings.connections,
    duration,
    makeRequest: () => ({ path: "/v1/transaction/start", method: "POST", headers, body: body() }),
    onResponse: (status, text) => {
      if (status === 201)
        try {
          answered.add(JSON.parse(text).id);
        } catch {}
    },
  });
  say(
    `scale: ${load.total} starts in ${duration} s (${Math.round(load.rps)} req/s, p99 ${Math.round(load.p99)} ms), ${load.bad} non-2xx/errors`,
  );

  // Wait until nothing is left to do: no event pending and no job due soon (max 120 s).
  const deadline = Date.now() + 120_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const [{ pending }] = await query(
      url,
      `select count(*)::int as pending from webhook_events where status = 'pending'`,
    );
    const [{ jobs }] = await query(
      url,
      `select count(*)::int as jobs from graphile_worker._private_jobs where run_at < now() + interval '30 seconds'`,
    );
    if (pending === 0 && jobs === 0) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince > 1500) break;
    } else quietSince = 0;
    await sleep(500);
  }
  await Promise.all([...apps, ...workerProcs, front].map((p) => p.stop()));

  const rec = await reconcile(
    url,
    answered,
    receiver.arrivals.filter((a) => a.path === "/scale"),
  );
  const lines = Object.entries(rec).map(([k, v]) => ({ check: k, count: v }));
  console.log(`\ntwo-instance reconciliation (${instances} app servers, ${workers} workers, one PostgreSQL)`);
  console.table(lines);
  const bad = ["missing", "duplicated"].flatMap((kind) =>
    Object.entries(rec).filter(([k, v]) => k.includes(kind) && v > 0),
  );
  for (const [k, v] of bad) problems.push(`reconciliation: ${k} = ${v}`);
  if (load.total === 0) problems.push("reconciliation: no start was answered");
  if (load.bad) problems.push(`reconciliation: ${load.bad} starts answered with an error or not at all`);
  const markdown = [
    `## ${instances} instances, ${workers} workers`,
    "",
    `\`npm run bench -- --instances ${instances} --workers ${workers}\`: ${instances} production servers (no in-process`,
    `worker) and ${workers} \`npm run worker\` processes on one PostgreSQL behind the round-robin front`,
    `(scripts/bench/proxy.mjs); ${settings.connections} clients, each awaiting its answer, started \`dummy\` transactions for ${duration} s`,
    `(${load.total} answered, ${Math.round(load.rps)} req/s, p99 ${Math.round(load.p99)} ms), each going AUTHORIZED →`,
    "SETTLEMENT_REQUESTED → SETTLEMENT_COMPLETED on the workers' timers. Then the reconciliation:",
    "",
    "| check | count |",
    "|---|---:|",
    ...lines.map((l) => `| ${l.check} | ${l.count} |`),
  ].join("\n");
  return { markdown, problems, reconciliation: rec };
}

/** What the clients were told, what the database holds and what the receiver got, compared. */
async function reconcile(url, answered, arrivals) {
  const stored = await query(
    url,
    `select id, "merchantReference" as ref from transactions where "merchantReference" like 'scale-%'`,
  );
  const storedIds = new Set(stored.map((r) => r.id));
  const perRef = new Map();
  for (const r of stored) perRef.set(r.ref, (perRef.get(r.ref) ?? 0) + 1);
  const [changes] = await query(
    url,
    `with h as (
       select h."transactionId" as t, h."toStatus" as s, count(*)::int as n
       from transaction_history h join transactions x on x.id = h."transactionId"
       where x."merchantReference" like 'scale-%' and h."fromStatus" is not null
       group by 1, 2),
     e as (
       select e."transactionId" as t, e.payload->>'status' as s, count(*)::int as n
       from webhook_events e join transactions x on x.id = e."transactionId"
       where x."merchantReference" like 'scale-%' and e.type = 'transaction'
       group by 1, 2)
     select
       (select coalesce(sum(n), 0)::int from h) as changes,
       (select count(*)::int from h where n > 1) as dup_history,
       (select count(*)::int from h left join e using (t, s) where e.t is null) as change_without_event,
       (select count(*)::int from e where n > 1) as dup_events,
       (select count(*)::int from e left join h using (t, s) where h.t is null) as event_without_change`,
  );
  const events = await query(
    url,
    `select e.id, e.status, e.attempts from webhook_events e join transactions x on x.id = e."transactionId"
     where x."merchantReference" like 'scale-%' and e.type = 'transaction'`,
  );
  const received = new Map();
  for (const a of arrivals) received.set(a.webhookId, (received.get(a.webhookId) ?? 0) + 1);
  let notDelivered = 0;
  let notReceived = 0;
  let dupReceived = 0;
  for (const e of events) {
    if (e.status !== "delivered") notDelivered++;
    const n = received.get(e.id) ?? 0;
    if (n === 0) notReceived++;
    // A retry (the receiver did not answer in time) may arrive again; beyond the attempts made, it is a duplicate.
    if (n > Math.max(1, e.attempts)) dupReceived++;
  }
  return {
    "starts answered 201": answered.size,
    "transactions stored": stored.length,
    "answered but missing in the database": [...answered].filter((id) => !storedIds.has(id)).length,
    // Every request is awaited: a stored transaction whose start the client saw fail is a lie to the client.
    "stored although the client got an error (missing answer)": stored.filter((r) => !answered.has(r.id)).length,
    "merchant_reference stored more than once (duplicated)": [...perRef.values()].filter((n) => n > 1).length,
    "status changes (history rows after the first)": changes.changes,
    "status changes with more than one history row (duplicated)": changes.dup_history,
    "status changes missing their webhook event": changes.change_without_event,
    "status changes with more than one webhook event (duplicated)": changes.dup_events,
    "webhook events without a status change (duplicated)": changes.event_without_change,
    "webhook events": events.length,
    "webhook events not delivered (missing)": notDelivered,
    "webhook events never received (missing)": notReceived,
    "webhook-ids received more often than attempted (duplicated)": dupReceived,
    "deliveries received": arrivals.length,
  };
}
