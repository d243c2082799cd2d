import { eventually } from "../fixtures";
import {
  dummyIn,
  expect,
  expectConflict,
  expectInvalid,
  expectNotFound,
  getTx,
  history,
  MISSING_ID,
  REDIRECT_URL,
  sql,
  started,
  test,
} from "../transactions";

// Test controls on the main server (realistic timers: settlement 30 s, approval expiry 15 min,
// dummy update 5 s): advancing makes them happen now.

test("advance runs the next pending timer now: settlement", async ({ api }) => {
  const t = await dummyIn(api, "SETTLEMENT_REQUESTED");
  const res = await api.post(`/v1/test/transaction/${t.id}/advance`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers["payrail-timers-run"]).toBe("settle");
  expect(res.body).toMatchObject({ id: t.id, status: "SETTLEMENT_COMPLETED", status_reason: "Settled" });
  const h = await history(api, t.id);
  expect(h.at(-1)).toMatchObject({
    status: "SETTLEMENT_COMPLETED",
    previous_status: "SETTLEMENT_REQUESTED",
    actor: "timer",
  });

  // Nothing left: the transaction comes back unchanged.
  const again = await api.post(`/v1/test/transaction/${t.id}/advance`, {});
  expect(again.status).toBe(200);
  expect(again.headers["payrail-timers-run"]).toBe("none");
  expect(again.body.status).toBe("SETTLEMENT_COMPLETED");
});

test("advance called five times at once: the timer runs once, and every call answers its result", async ({ api }) => {
  const t = await dummyIn(api, "SETTLEMENT_REQUESTED");
  const calls = await Promise.all(Array.from({ length: 5 }, () => api.post(`/v1/test/transaction/${t.id}/advance`)));
  for (const res of calls) {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("SETTLEMENT_COMPLETED");
  }
  expect(calls.map((r) => r.headers["payrail-timers-run"]).sort()).toStrictEqual([
    "none",
    "none",
    "none",
    "none",
    "settle",
  ]);
  expect((await history(api, t.id)).map((h) => h.status)).toStrictEqual([
    "INITIATED",
    "SETTLEMENT_REQUESTED",
    "SETTLEMENT_COMPLETED",
  ]);
});

/** Locks the transaction's dummy_update job as worker `by` would have, `ageS` seconds ago. */
const lockDummyUpdate = (id: string, by: string, ageS: number) =>
  sql(
    `update graphile_worker._private_jobs j set locked_at = now() - make_interval(secs => $3), locked_by = $2
     from graphile_worker._private_tasks k
     where k.id = j.task_id and k.identifier = 'dummy_update' and j.payload->>'transactionId' = $1 returning j.id`,
    [id, by, ageS],
  );
const dummyUpdateLock = async (id: string) =>
  (
    await sql(
      `select j.locked_by from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
       where k.identifier = 'dummy_update' and j.payload->>'transactionId' = $1`,
      [id],
    )
  )[0]?.locked_by;

test("a timer locked for over a minute is run again even if its worker still beats (cut off while finishing it)", async ({
  api,
}) => {
  test.setTimeout(90_000);
  const t = await dummyIn(api, "UNKNOWN", {}, { dummy_outcome_update: "SETTLEMENT_REQUESTED" });
  // As a worker cut off from the database while finishing it leaves it: locked, for good, though
  // the process (and its heartbeat) lives on.
  await sql(
    `insert into worker_heartbeats ("workerId", "seenAt") values ('worker-stuck-e2e', now() + interval '1 minute')
     on conflict ("workerId") do update set "seenAt" = excluded."seenAt"`,
  );
  const locked = await lockDummyUpdate(t.id, "worker-stuck-e2e", 61);
  expect(locked).toHaveLength(1);
  const moved = await eventually(
    async () => {
      const x = await getTx(api, t.id);
      return x.status === "SETTLEMENT_REQUESTED" ? x : undefined;
    },
    { timeout: 45_000, interval: 500 },
  );
  expect(moved.status_reason).not.toBe("");
  expect((await history(api, t.id)).map((h) => h.status)).toStrictEqual([
    "INITIATED",
    "UNKNOWN",
    "SETTLEMENT_REQUESTED",
  ]);
  await sql(`delete from worker_heartbeats where "workerId" = 'worker-stuck-e2e'`);
});

test("a timer locked by a worker whose heartbeat stopped (kill -9) runs again within seconds", async ({ api }) => {
  // The running workers say they are alive.
  const beats = await sql(
    `select count(*)::int as n from worker_heartbeats where "seenAt" > now() - interval '6 seconds'`,
  );
  expect(beats[0].n).toBeGreaterThan(0);
  const t = await dummyIn(api, "UNKNOWN", {}, { dummy_outcome_update: "SETTLEMENT_REQUESTED" });
  expect(await lockDummyUpdate(t.id, "worker-killed-just-now", 7)).toHaveLength(1);
  const moved = await eventually(
    async () => {
      const x = await getTx(api, t.id);
      return x.status === "SETTLEMENT_REQUESTED" ? x : undefined;
    },
    { timeout: 15_000, interval: 250 },
  );
  expect(moved.status_reason).toBe("Set by dummy_outcome_update");
});

test("a timer locked by a worker that is alive (fresh heartbeat) stays its own", async ({ api }) => {
  test.setTimeout(60_000);
  const t = await dummyIn(api, "UNKNOWN", {}, { dummy_outcome_update: "SETTLEMENT_REQUESTED" });
  const beat = () =>
    sql(
      `insert into worker_heartbeats ("workerId", "seenAt") values ('worker-alive-e2e', now())
       on conflict ("workerId") do update set "seenAt" = now()`,
    );
  await beat();
  expect(await lockDummyUpdate(t.id, "worker-alive-e2e", 7)).toHaveLength(1);
  // Past its due time (5 s) and several sweeps (every 3 s): still locked by the live worker.
  for (let i = 0; i < 9; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    await beat();
  }
  expect(await dummyUpdateLock(t.id)).toBe("worker-alive-e2e");
  expect((await getTx(api, t.id)).status).toBe("UNKNOWN");
  // It goes silent: its lock is released and the timer runs.
  await sql(`delete from worker_heartbeats where "workerId" = 'worker-alive-e2e'`);
  await eventually(async () => ((await getTx(api, t.id)).status === "SETTLEMENT_REQUESTED" ? true : undefined), {
    timeout: 20_000,
    interval: 250,
  });
});

test("advance until final: the dummy update, then settlement", async ({ api }) => {
  const t = await dummyIn(api, "UNKNOWN", {}, { dummy_outcome_update: "SETTLEMENT_REQUESTED" });
  const res = await api.post(`/v1/test/transaction/${t.id}/advance`, { until: "final" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers["payrail-timers-run"]).toBe("dummy_update,settle");
  expect(res.body.status).toBe("SETTLEMENT_COMPLETED");
  expect((await history(api, t.id)).map((h) => h.status)).toEqual([
    "INITIATED",
    "UNKNOWN",
    "SETTLEMENT_REQUESTED",
    "SETTLEMENT_COMPLETED",
  ]);
});

test("a dummy_outcome_update equal to the status it has changes nothing: no history row, no second webhook", async ({
  api,
}) => {
  const t = await dummyIn(api, "DECLINED", {}, { dummy_outcome_update: "DECLINED" });
  const res = await api.post(`/v1/test/transaction/${t.id}/advance`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers["payrail-timers-run"]).toBe("dummy_update");
  expect(res.body).toMatchObject({ status: "DECLINED", last_status_update: t.last_status_update });
  expect((await history(api, t.id)).map((h) => h.status)).toEqual(["INITIATED", "DECLINED"]);
  const events = await api.get(`/v1/transaction/${t.id}/webhooks`);
  expect(events.body.data.map((e: any) => e.payload.status)).toEqual(["DECLINED"]);
});

test("advance expires an approval and processes a refund", async ({ api }) => {
  const open = await started(api, "dummy", { redirect_url: REDIRECT_URL });
  expect(open.status).toBe("INITIATED");
  const expired = await api.post(`/v1/test/transaction/${open.id}/advance`, { until: "final" });
  expect(expired.body).toMatchObject({ status: "ABANDONED" });
  expect(expired.headers["payrail-timers-run"]).toBe("expire_approval");

  const paid = await dummyIn(api, "SETTLEMENT_COMPLETED");
  const refund = await api.post(`/v1/transaction/${paid.id}/refund`, { amount: 400 });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  const res = await api.post(`/v1/test/transaction/${paid.id}/advance`);
  expect(res.headers["payrail-timers-run"]).toBe("process_refund");
  const refunds = await api.get(`/v1/transaction/${paid.id}/refunds`);
  expect(refunds.body.data[0]).toMatchObject({ id: refund.body.id, status: "PROCESSED" });
});

test("status: a move the table allows (flagged after capture), as the sandbox, with its webhook; 130 otherwise", async ({
  api,
}) => {
  const t = await dummyIn(api, "SETTLEMENT_REQUESTED");
  const res = await api.post(`/v1/test/transaction/${t.id}/status`, {
    status: "FAILED",
    reason: "Flagged after capture",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ id: t.id, status: "FAILED", status_reason: "Flagged after capture" });
  expect((await history(api, t.id)).at(-1)).toMatchObject({
    status: "FAILED",
    previous_status: "SETTLEMENT_REQUESTED",
    reason: "Flagged after capture",
    actor: "sandbox",
  });
  const events = await api.get(`/v1/transaction/${t.id}/webhooks`);
  expect(events.body.data.map((e: any) => e.payload.status)).toEqual(["SETTLEMENT_REQUESTED", "FAILED"]);
  const success = await api.get(`/v1/transaction/${t.id}/checkoutsuccess`);
  expect(success.body).toStrictEqual({ status: "FAILED", status_reason: "Flagged after capture", success: false });

  const refused = await api.post(`/v1/test/transaction/${t.id}/status`, { status: "SETTLEMENT_COMPLETED" });
  expectConflict(refused, "FAILED", ["SETTLEMENT_REQUESTED", "UNKNOWN"]);
  expect((await getTx(api, t.id)).status).toBe("FAILED");
});

test("timeline: steps applied in order by the queue; a refused step is recorded as skipped", async ({ api }) => {
  const t = await started(api, "dummy", { redirect_url: REDIRECT_URL });
  const res = await api.post(`/v1/test/transaction/${t.id}/timeline`, {
    steps: [
      { after_ms: 600, status: "IN_PROGRESS" }, // refused by then: SETTLEMENT_REQUESTED cannot go back
      { after_ms: 100, status: "SETTLEMENT_REQUESTED", reason: "Paid" },
      { after_ms: 900, status: "FAILED", reason: "Flagged after capture" },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.steps.map((s: any) => s.status)).toEqual(["SETTLEMENT_REQUESTED", "IN_PROGRESS", "FAILED"]);
  const rows = await eventually(
    async () => {
      const h = await history(api, t.id);
      return h.length >= 4 ? h : undefined;
    },
    { timeout: 15_000 },
  );
  expect(rows.map((h) => [h.status, h.actor])).toEqual([
    ["INITIATED", "api"],
    ["SETTLEMENT_REQUESTED", "sandbox"],
    ["SETTLEMENT_REQUESTED", "sandbox"],
    ["FAILED", "sandbox"],
  ]);
  expect(rows[2].reason).toMatch(/^Timeline step skipped: IN_PROGRESS is not allowed from SETTLEMENT_REQUESTED/);
  expect((await getTx(api, t.id)).status).toBe("FAILED");
});

test("a timeline step can be advanced to", async ({ api }) => {
  const t = await started(api, "dummy", { redirect_url: REDIRECT_URL });
  await api.post(`/v1/test/transaction/${t.id}/timeline`, {
    steps: [{ after_ms: 60_000, status: "DECLINED", reason: "Scripted decline" }],
  });
  const res = await api.post(`/v1/test/transaction/${t.id}/advance`);
  expect(res.headers["payrail-timers-run"]).toBe("sandbox_timeline");
  expect(res.body).toMatchObject({ status: "DECLINED", status_reason: "Scripted decline" });
});

test("controls: bad input is 101, unknown and other organisations' ids are 404", async ({ api, otherApi }) => {
  const t = await dummyIn(api, "SETTLEMENT_REQUESTED");
  expectInvalid(
    await api.post(`/v1/test/transaction/${t.id}/status`, { status: "NOPE" }),
    {
      status: expect.any(String),
    },
    "status_change",
  );
  expectInvalid(
    await api.post(`/v1/test/transaction/${t.id}/advance`, { until: "tomorrow" }),
    {
      until: expect.any(String),
    },
    "advance",
  );
  expectInvalid(
    await api.post(`/v1/test/transaction/${t.id}/timeline`, { steps: [] }),
    {
      steps: "At least one step",
    },
    "timeline",
  );
  for (const control of ["advance", "status", "timeline"]) {
    const body =
      control === "status"
        ? { status: "FAILED" }
        : control === "timeline"
          ? { steps: [{ after_ms: 0, status: "FAILED" }] }
          : {};
    expectNotFound(await otherApi.post(`/v1/test/transaction/${t.id}/${control}`, body), "transaction", t.id);
    expectNotFound(await api.post(`/v1/test/transaction/${MISSING_ID}/${control}`, body), "transaction", MISSING_ID);
    expect((await api.post(`/v1/test/transaction/${t.id}/${control}`, body, { key: null })).status).toBe(401);
  }
  expect((await getTx(api, t.id)).status).toBe("SETTLEMENT_REQUESTED");
});
