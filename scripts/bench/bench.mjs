// npm run bench [-- options]: /v1 measured against a bare baseline and the stock arrangement, in one run
// with alternating rounds (docs/performance.md explains the output; `--help` lists the options).
// Run through scripts/with-db.mjs, which provides DATABASE_URL (the embedded PostgreSQL by default).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  checkpoint,
  dropDatabase,
  freshDatabase,
  prepareTemplate,
  sampleIds,
  seedMerchant,
  seedTransactions,
} from "./db.mjs";
import { hammer, median, percentiles, startReceiver, webhookLag } from "./load.mjs";
import { ARRANGEMENTS, printMain, targets, updateDocSections, writeDocs } from "./report.mjs";
import { runRows } from "./rows.mjs";
import { runScale } from "./scale.mjs";
import {
  ensureBuild,
  ensureNextPrismaBuild,
  ROOT,
  startBareServer,
  startNextPrismaServer,
  startProductionServer,
  startStockServer,
  stopAll,
  waitAllHealthy,
} from "./servers.mjs";

const { values: opt } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    rows: { type: "string" },
    instances: { type: "string" },
    workers: { type: "string" },
    rounds: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string", default: "32" },
    webhooks: { type: "string" },
    "in-flight": { type: "string", default: "20" },
    only: { type: "string" },
    "no-docs": { type: "boolean", default: false },
    "skip-main": { type: "boolean", default: false },
    note: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (opt.help) {
  console.log(`npm run bench -- [--quick] [--rows N] [--instances N --workers M] [--rounds N] [--duration S]
  [--warmup S] [--connections N] [--webhooks N] [--in-flight N] [--only production,bare,stock,prisma] [--skip-main]
  [--no-docs] [--note TEXT]`);
  process.exit(0);
}

const quick = opt.quick;
const settings = {
  date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  quick,
  rounds: Number(opt.rounds ?? (quick ? 1 : 2)),
  // --rows compares p99s, which move more between rounds than req/s do: a median of 4 by default.
  rowsRounds: Number(opt.rounds ?? (quick ? 1 : 4)),
  duration: Number(opt.duration ?? (quick ? 2 : 10)),
  warmup: Number(opt.warmup ?? (quick ? 1 : 5)),
  connections: Number(opt.connections),
  webhookTotal: Number(opt.webhooks ?? (quick ? 20 : 200)),
  inFlight: Number(opt["in-flight"]),
  rows: quick ? 1000 : 10_000,
  sampleIds: quick ? 100 : 1000,
  note: opt.note,
  loadBefore: os.loadavg()[0],
};
const arrangements = (opt.only ?? Object.keys(ARRANGEMENTS).join(",")).split(",").filter((a) => a in ARRANGEMENTS);
const basePort = Number(process.env.BENCH_PORT ?? 3720);
const baseDb = process.env.DATABASE_URL;
if (!baseDb) throw new Error("DATABASE_URL is not set: run through `npm run bench` (scripts/with-db.mjs)");

const say = (m) => process.stderr.write(`[bench] ${m}\n`);
const problems = [];

async function main() {
  if (opt.rows || opt.instances || (!opt["skip-main"] && arrangements.some((a) => a !== "bare"))) {
    say("production build (made once, when missing or stale)");
    ensureBuild();
  }
  if (!opt["skip-main"] && arrangements.includes("prisma")) {
    say("the Next + Prisma app's build (made once, when missing or stale)");
    ensureNextPrismaBuild();
  }
  say(`preparing the databases (template migrated once, one copy per arrangement)`);
  await prepareTemplate(baseDb);
  const receiver = await startReceiver(basePort + 9);
  const sections = [];
  let results = null;
  try {
    if (!opt["skip-main"]) results = await runMain(receiver);
    if (opt.rows) {
      const rows = await runRows({ baseDb, basePort, settings, total: Number(opt.rows), say });
      sections.push({ key: "rows", markdown: rows.markdown });
      problems.push(...rows.problems);
    }
    if (opt.instances) {
      const scale = await runScale({
        baseDb,
        basePort,
        settings,
        instances: Number(opt.instances),
        workers: Number(opt.workers ?? opt.instances),
        receiver,
        say,
      });
      sections.push({ key: "instances", markdown: scale.markdown });
      problems.push(...scale.problems);
    }
  } finally {
    await stopAll();
    await receiver.close(3_000);
  }
  if (!quick && !opt["no-docs"]) {
    if (results) {
      writeDocs(ROOT, results, sections);
      say("wrote docs/performance.md and docs/performance.svg");
    } else if (sections.length && updateDocSections(ROOT, sections))
      say(`updated the ${sections.map((x) => x.key).join(" and ")} section(s) of docs/performance.md`);
  }
  const outDir = path.resolve(ROOT, process.env.PAYRAIL_DATA_DIR ?? ".data", "bench-results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "last.json"), JSON.stringify({ results, sections, problems }, null, 2));
  if (problems.length) {
    console.log(`\nthe harness found problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else console.log("\nbench: done (the harness found no problems; targets above are informational)");
}

async function runMain(receiver) {
  const starters = {
    production: startProductionServer,
    bare: startBareServer,
    stock: startStockServer,
    prisma: startNextPrismaServer,
  };
  const ports = { production: basePort, bare: basePort + 1, stock: basePort + 2, prisma: basePort + 5 };
  // (d) is a reference for req/s only: it has no webhooks (no outbox, no worker).
  const lagArrangements = arrangements.filter((a) => a !== "prisma");
  const setups = {};
  for (const arr of arrangements) {
    const url = await freshDatabase(baseDb, `payrail_bench_${arr}`);
    const m = await seedMerchant(url);
    const seconds = await seedTransactions(url, m, settings.rows);
    const ids = await sampleIds(url, m, settings.sampleIds);
    setups[arr] = { url, m, ids };
    say(`${arr}: database seeded with ${settings.rows} transactions in ${seconds.toFixed(1)} s`);
  }
  // The build exists (ensureBuild): every server boots side by side, each within the boot timeout.
  const procs = {};
  for (const arr of arrangements) procs[arr] = starters[arr](arr, ports[arr], setups[arr].url);
  await waitAllHealthy(Object.values(procs));
  say(`servers up: ${arrangements.map((a) => `${a} on ${ports[a]}`).join(", ")}`);

  const scenario = (name, arr) => {
    const { m, ids } = setups[arr];
    const headers = { apiKey: m.apiKey, "content-type": "application/json" };
    const common = { url: procs[arr].url, headers, connections: settings.connections };
    if (name === "start")
      return {
        ...common,
        method: "POST",
        path: "/v1/transaction/start",
        body: JSON.stringify({
          payment_profile: m.profile,
          amount: 1234,
          customer: m.customer,
          payment_product: "bank_selection",
          details: { redirect_url: "https://shop.example/return" },
        }),
      };
    if (name === "get") return { ...common, paths: ids.map((id) => `/v1/transaction/${id}`) };
    return { ...common, paths: ids.map((id) => `/v1/transaction/${id}/checkoutsuccess`) };
  };
  const scenarios = ["start", "get", "checkoutsuccess"];
  const lagRun = (arr, tag, total) => {
    const { m } = setups[arr];
    return webhookLag({
      baseUrl: procs[arr].url,
      apiKey: m.apiKey,
      profile: m.profile,
      customer: m.customer,
      receiver,
      tag,
      total,
      inFlight: Math.min(settings.inFlight, total),
      timeoutMs: 30_000,
    });
  };

  if (settings.warmup > 0) {
    say(`warm-up: ${settings.warmup} s per path and arrangement`);
    for (const arr of arrangements) for (const s of scenarios) await warmUp(scenario(s, arr), `${s} on ${arr}`);
    // The webhook path too (dummy starts, their deliveries, the connections to the receiver): a
    // cold path measured in the first lag round would tell of the JIT, not of the path.
    for (const arr of lagArrangements) await lagRun(arr, `warm-${arr}`, Math.min(100, settings.webhookTotal));
  }
  const raw = Object.fromEntries(scenarios.map((s) => [s, Object.fromEntries(arrangements.map((a) => [a, []]))]));
  const lagRaw = Object.fromEntries(lagArrangements.map((a) => [a, []]));
  const perRound = Math.ceil(settings.webhookTotal / settings.rounds);
  for (let round = 0; round < settings.rounds; round++) {
    const order = arrangements.map((_, i) => arrangements[(i + round) % arrangements.length]);
    for (const s of scenarios) {
      for (const arr of order) {
        if (s === "start") await checkpoint(setups[arr].url);
        const r = await hammer({ ...scenario(s, arr), duration: settings.duration });
        raw[s][arr].push(r);
        say(
          `round ${round + 1} ${s.padEnd(15)} ${arr.padEnd(10)} ${Math.round(r.rps)} req/s, p99 ${r.p99} ms${r.bad ? `, ${r.bad} non-2xx/errors` : ""}`,
        );
        if (r.bad)
          problems.push(`${s} on ${arr}: ${r.bad} non-2xx responses or errors (see .data/bench-logs/${arr}.log)`);
        if (!r.total) problems.push(`${s} on ${arr}: no response at all`);
      }
    }
    for (const arr of order.filter((a) => lagArrangements.includes(a))) {
      const w = await lagRun(arr, arr, perRound);
      lagRaw[arr].push(w);
      say(
        `round ${round + 1} webhook lag     ${arr.padEnd(10)} p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms, ${w.delivered} delivered, ${w.missing} missing`,
      );
      if (w.missing || w.failed)
        problems.push(`webhooks on ${arr}: ${w.missing} not delivered within 30 s, ${w.failed} starts failed`);
    }
  }
  const load = {};
  for (const s of scenarios) {
    load[s] = {};
    for (const arr of arrangements) {
      const runs = raw[s][arr];
      load[s][arr] = {
        rps: median(runs.map((r) => r.rps)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        bad: runs.reduce((n, r) => n + r.bad, 0),
      };
    }
  }
  const webhooks = {};
  for (const arr of lagArrangements) {
    const runs = lagRaw[arr];
    const all = runs.flatMap((w) => w.lags);
    webhooks[arr] = {
      ...percentiles(all),
      afterResponse: percentiles(runs.flatMap((w) => w.afterResponseLags)),
      delivered: all.length,
      missing: runs.reduce((n, w) => n + w.missing, 0),
      failed: runs.reduce((n, w) => n + w.failed, 0),
    };
  }
  settings.loadAfter = os.loadavg()[0];
  const results = { settings, load, webhooks };
  printMain(results);
  results.targets = targets(results);
  await Promise.all(Object.values(procs).map((p) => p.stop()));
  for (const arr of arrangements) await dropDatabase(baseDb, `payrail_bench_${arr}`);
  return results;
}

/**
 * Warm-up: at least `settings.warmup` seconds, and until the path has answered 2xx at least once
 * (a cold server on a busy machine may need longer; at most 60 s).
 */
async function warmUp(options, label) {
  const deadline = Date.now() + 60_000;
  do {
    const r = await hammer({ ...options, duration: settings.warmup });
    if (r.total > r.bad) return;
  } while (Date.now() < deadline);
  problems.push(`warm-up: ${label} never answered 2xx within 60 s`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (e) => {
    console.error(`\nbench: failed: ${e?.message ?? e}`);
    if (process.env.BENCH_DEBUG) console.error(e);
    // Bounded: a child that ignores SIGTERM gets SIGKILL (servers.mjs), and the exit hook kills
    // whatever group is left.
    const hard = setTimeout(() => process.exit(1), 15_000);
    await stopAll().catch(() => {});
    clearTimeout(hard);
    process.exit(1);
  },
);
