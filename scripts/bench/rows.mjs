// --rows N: the production server on a database holding 10,000 transactions against the same
// server on one holding N (seeded by SQL in batches), start/get/checkoutsuccess/list in alternating
// rounds (4 unless --rounds says otherwise: p99s move between rounds more than req/s do).
// Target (issue 11): every p99 at N rows within 1.2× of the 10,000-row figure.
import { checkpoint, dropDatabase, freshDatabase, sampleIds, seedMerchant, seedTransactions } from "./db.mjs";
import { hammer, median } from "./load.mjs";
import { startProductionServer, waitAllHealthy } from "./servers.mjs";

const f0 = (n) => Math.round(n).toLocaleString("en-US");

export async function runRows({ baseDb, basePort, settings, total, say }) {
  const problems = [];
  const small = Math.min(10_000, total);
  const sizes = { small, large: total };
  const setups = {};
  for (const [key, n] of Object.entries(sizes)) {
    const url = await freshDatabase(baseDb, `payrail_bench_rows_${key}`);
    const m = await seedMerchant(url);
    const seconds = await seedTransactions(url, m, n);
    say(`rows: seeded ${f0(n)} transactions (with their history rows) by SQL in ${seconds.toFixed(1)} s`);
    setups[key] = { url, m, ids: await sampleIds(url, m, settings.sampleIds), seconds };
  }
  const procs = {
    small: startProductionServer("rows-small", basePort + 3, setups.small.url),
    large: startProductionServer("rows-large", basePort + 4, setups.large.url),
  };
  await waitAllHealthy(Object.values(procs));

  const scenario = (name, key) => {
    const { m, ids } = setups[key];
    const common = {
      url: procs[key].url,
      headers: { apiKey: m.apiKey, "content-type": "application/json" },
      connections: settings.connections,
    };
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
    if (name === "checkoutsuccess")
      return { ...common, paths: ids.map((id) => `/v1/transaction/${id}/checkoutsuccess`) };
    return { ...common, path: "/v1/transaction?limit=25" };
  };
  const scenarios = ["start", "get", "checkoutsuccess", "list"];
  if (settings.warmup > 0)
    for (const key of Object.keys(sizes))
      for (const s of scenarios) await hammer({ ...scenario(s, key), duration: settings.warmup });
  const raw = Object.fromEntries(scenarios.map((s) => [s, { small: [], large: [] }]));
  for (let round = 0; round < settings.rowsRounds; round++) {
    const order = round % 2 ? ["large", "small"] : ["small", "large"];
    for (const s of scenarios)
      for (const key of order) {
        if (s === "start") await checkpoint(setups[key].url);
        const r = await hammer({ ...scenario(s, key), duration: settings.duration });
        raw[s][key].push(r);
        say(
          `rows round ${round + 1} ${s.padEnd(15)} ${f0(sizes[key]).padStart(9)} rows: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms`,
        );
        if (r.bad) problems.push(`rows: ${s} at ${sizes[key]} rows: ${r.bad} non-2xx responses or errors`);
        if (!r.total) problems.push(`rows: ${s} at ${sizes[key]} rows: no response at all`);
      }
  }
  await Promise.all(Object.values(procs).map((p) => p.stop()));
  for (const key of Object.keys(sizes)) await dropDatabase(baseDb, `payrail_bench_rows_${key}`);

  const table = scenarios.map((s) => {
    const a = raw[s].small;
    const b = raw[s].large;
    const p99a = median(a.map((r) => r.p99));
    const p99b = median(b.map((r) => r.p99));
    return {
      path: s,
      [`req/s @${f0(small)}`]: f0(median(a.map((r) => r.rps))),
      [`p99 ms @${f0(small)}`]: p99a,
      [`req/s @${f0(total)}`]: f0(median(b.map((r) => r.rps))),
      [`p99 ms @${f0(total)}`]: p99b,
      "p99 ratio": `${(p99b / p99a).toFixed(2)}×`,
      "≤ 1.2×": p99b / p99a <= 1.2 ? "met" : "MISSED",
    };
  });
  console.log(`\nflat at scale: the production server on ${f0(small)} vs ${f0(total)} stored transactions`);
  console.table(table);
  const cols = Object.keys(table[0]);
  const markdown = [
    `## Flat at scale: ${f0(small)} vs ${f0(total)} rows`,
    "",
    `The production server on two databases, one seeded with ${f0(small)} transactions and one with ${f0(total)}`,
    `(seeded by SQL with generate_series, each with its history row, in ${setups.large.seconds.toFixed(1)} s), measured`,
    `in ${settings.rowsRounds} alternating round(s), median of rounds. Target: every p99 at ${f0(total)} rows within 1.2×`,
    `of the ${f0(small)}-row figure.`,
    "",
    `| ${cols.join(" | ")} |`,
    `|${cols.map((_, i) => (i ? "---:" : "---")).join("|")}|`,
    ...table.map((r) => `| ${cols.map((c) => r[c]).join(" | ")} |`),
  ].join("\n");
  return { markdown, problems, table };
}
