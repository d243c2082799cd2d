import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import pg from "pg";
import { Api, createMerchant, eventually, expect, test } from "../fixtures";
import { expectInvalid } from "../transactions";
import { Receiver, startDummy, verifyDelivery } from "../webhooks";

const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}`;

/** Reads an SSE response body frame by frame. */
class SseReader {
  private buffer = "";
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder = new TextDecoder();
  constructor(res: Response) {
    this.reader = (res.body as ReadableStream<Uint8Array>).getReader();
  }

  /** The next event frames until `n` events arrived (comments skipped). */
  async next(n: number, timeout = 15_000): Promise<{ id: string; event: string; data: Record<string, any> }[]> {
    const out: { id: string; event: string; data: Record<string, any> }[] = [];
    const end = Date.now() + timeout;
    while (out.length < n) {
      let i = this.buffer.indexOf("\n\n");
      while (i < 0) {
        if (Date.now() > end) throw new Error(`only ${out.length} of ${n} events`);
        const { value, done } = await this.reader.read();
        if (done) throw new Error("stream ended");
        this.buffer += this.decoder.decode(value, { stream: true });
        i = this.buffer.indexOf("\n\n");
      }
      const frame = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 2);
      const fields = Object.fromEntries(
        frame
          .split("\n")
          .filter((l) => !l.startsWith(":") && l.includes(":"))
          .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trimStart()]),
      );
      if (fields.data) out.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
    }
    return out;
  }

  async close() {
    await this.reader.cancel().catch(() => {});
  }
}

async function openStream(apiKey: string, lastEventId?: string): Promise<Response> {
  return fetch(`${BASE}/v1/events/stream`, {
    headers: { apiKey, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
  });
}

test("GET /v1/events: the organisation's events, filtered and keyset-paginated", async ({ request }) => {
  const m = createMerchant("Events list");
  const api = new Api(request, m);
  const a = await startDummy(request, m, { outcome: "DECLINED" });
  const b = await startDummy(request, m, { outcome: "SETTLEMENT_REQUESTED" });
  const all = await api.get("/v1/events?limit=100");
  expect(all.status, JSON.stringify(all.body)).toBe(200);
  expect(all.body.data.map((e: any) => e.transaction)).toEqual([b.id, a.id]);
  expect(all.body.data[0]).toMatchObject({
    type: "transaction",
    status: "skipped",
    payload: { id: b.id, status: "SETTLEMENT_REQUESTED" },
  });
  expect(all.body.has_more).toBe(false);

  const byTx = await api.get(`/v1/events?transaction=${a.id}`);
  expect(byTx.body.data.map((e: any) => e.payload.status)).toEqual(["DECLINED"]);
  expect((await api.get("/v1/events?type=refund")).body.data).toEqual([]);
  expect((await api.get("/v1/events?delivery_status=skipped")).body.data).toHaveLength(2);
  expect((await api.get("/v1/events?delivery_status=delivered")).body.data).toHaveLength(0);
  const future = new Date(Date.now() + 60_000).toISOString();
  expect((await api.get(`/v1/events?created_from=${future}`)).body.data).toHaveLength(0);
  expect((await api.get(`/v1/events?created_to=${future}`)).body.data).toHaveLength(2);
  // A date alone is 00:00 UTC of that day (ISO 8601 allows it): tomorrow's has none of today's events.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect((await api.get(`/v1/events?created_from=${tomorrow}`)).body.data).toHaveLength(0);
  expect((await api.get(`/v1/events?created_to=${tomorrow}`)).body.data).toHaveLength(2);

  const p1 = await api.get("/v1/events?limit=1");
  expect(p1.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
  const p2 = await api.get(`/v1/events?limit=1&cursor=${p1.body.next_cursor}`);
  expect(p2.body.data.map((e: any) => e.transaction)).toEqual([a.id]);
  expect(p2.body).toMatchObject({ has_more: false, next_cursor: null });

  expectInvalid(await api.get("/v1/events?cursor=garbage"), { cursor: expect.any(String) }, "event_list");
  expectInvalid(
    await api.get("/v1/events?delivery_status=lost"),
    { delivery_status: expect.any(String) },
    "event_list",
  );
  expectInvalid(await api.get("/v1/events?created_from=yesterday"), { created_from: expect.any(String) }, "event_list");
  expectInvalid(
    await api.get("/v1/events?created_from=2026-02-30"),
    { created_from: expect.any(String) },
    "event_list",
  );
});

test("GET /v1/events never shows another organisation's events", async ({ api, otherApi, request, merchant }) => {
  const t = await startDummy(request, merchant, { outcome: "DECLINED" });
  expect((await api.get(`/v1/events?transaction=${t.id}`)).body.data).toHaveLength(1);
  expect((await otherApi.get(`/v1/events?transaction=${t.id}`)).body.data).toEqual([]);
  const other = await otherApi.get("/v1/events?limit=100");
  expect(other.body.data.every((e: any) => e.transaction !== t.id)).toBe(true);
});

test("GET /v1/events/stream: a live tail, signed like a delivery, resumable with Last-Event-ID", async ({
  request,
  otherMerchant,
}) => {
  const m = createMerchant("Events stream");
  const res = await openStream(m.api_key);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const sse = new SseReader(res);
  const t1 = await startDummy(request, m, { outcome: "DECLINED" });
  const [e1] = await sse.next(1);
  expect(e1.event).toBe("transaction");
  expect(e1.data).toMatchObject({ id: e1.id, transaction: t1.id, payload: { id: t1.id, status: "DECLINED" } });
  // The webhook exactly as a delivery carries it: standardwebhooks verifies it with the profile's secret.
  const headers = e1.data.webhook.headers;
  expect(verifyDelivery({ path: "/", headers, body: e1.data.webhook.body, at: 0 }, m.webhook_secret)).toMatchObject({
    id: t1.id,
  });
  await sse.close();

  // Missed while disconnected: resuming after e1 delivers exactly those, in order.
  const t2 = await startDummy(request, m, { outcome: "SETTLEMENT_REQUESTED" });
  const t3 = await startDummy(request, m, { outcome: "CANCELLED" });
  const resumed = new SseReader(await openStream(m.api_key, e1.id));
  const missed = await resumed.next(2);
  expect(missed.map((e) => e.data.transaction)).toEqual([t2.id, t3.id]);
  await resumed.close();

  // Another organisation's event id cannot be resumed from; no key is 401.
  const foreign = await openStream(otherMerchant.api_key, e1.id);
  expect(foreign.status).toBe(404);
  expect(await foreign.json()).toMatchObject({ code: "120", details: { resource: "webhook_event", id: e1.id } });
  expect((await fetch(`${BASE}/v1/events/stream`)).status).toBe(401);
});

test("GET /v1/events/stream: an event from just before the stream opened is never sent, also once a later one comes", async ({
  request,
}) => {
  const m = createMerchant("Events stream begins now");
  const before = await startDummy(request, m, { outcome: "DECLINED" });
  // Well inside the stream's 2 s look-back: the later event must not pull the earlier one in.
  await new Promise((r) => setTimeout(r, 300));
  const sse = new SseReader(await openStream(m.api_key));
  await new Promise((r) => setTimeout(r, 300));
  const after = await startDummy(request, m, { outcome: "CANCELLED" });
  const [first] = await sse.next(1);
  expect(first.data.transaction).toBe(after.id);
  // Nothing else follows within 1.5 s (the stream polls every 250 ms): the earlier event stays out.
  const extra = await Promise.race([
    sse.next(1).catch(() => null),
    new Promise<null>((r) => setTimeout(() => r(null), 1_500)),
  ]);
  expect(extra).toBeNull();
  await sse.close();
  expect(before.id).not.toBe(after.id);
});

test("GET /v1/events/stream: revoking the key ends an open stream within about a second", async ({ request }) => {
  const m = createMerchant("Events stream revoked");
  const sse = new SseReader(await openStream(m.api_key));
  const t1 = await startDummy(request, m, { outcome: "DECLINED" });
  expect((await sse.next(1))[0].data.transaction).toBe(t1.id);

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const hash = createHash("sha256").update(m.api_key).digest("hex");
    await client.query(`update api_keys set "revokedAt" = now() where hash = $1`, [hash]);
  } finally {
    await client.end();
  }
  const revokedAt = Date.now();
  const [last] = await sse.next(1, 5_000);
  expect(Date.now() - revokedAt).toBeLessThan(3_000);
  expect(last).toMatchObject({ event: "revoked", data: { code: "111" } });
  // Nothing follows: the stream is closed, and reconnecting with the key is refused.
  await expect(sse.next(1, 5_000)).rejects.toThrow("stream ended");
  expect((await openStream(m.api_key)).status).toBe(401);
});

test("npm run listen forwards every event, signed like a real delivery, one line each", async ({ request }) => {
  const receiver = await Receiver.start("ok");
  const m = createMerchant("Listen");
  let child: ChildProcess | undefined;
  try {
    child = spawn(
      "node_modules/.bin/tsx",
      ["scripts/listen.ts", "--forward-to", receiver.url("/webhooks"), "--api-url", BASE, "--api-key", m.api_key],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout?.on("data", (c) => (out += c));
    child.stderr?.on("data", (c) => (err += c));
    await eventually(async () => err.includes("listening on"), { timeout: 20_000 });
    // The merchant has no webhook URL: the only way these events reach the receiver is the listener.
    const t1 = await startDummy(request, m, { outcome: "DECLINED" });
    const t2 = await startDummy(request, m, { outcome: "SETTLEMENT_REQUESTED" });
    const got = await receiver.waitForCount(2);
    expect(got.map((d) => (verifyDelivery(d, m.webhook_secret) as { id: string }).id)).toEqual([t1.id, t2.id]);
    expect(got[0].path).toBe("/webhooks");
    await eventually(async () => out.trim().split("\n").length >= 2);
    const lines = out.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`transaction +${t1.id} +DECLINED +→ 200 in \\d+ ms`));
    expect(lines[1]).toMatch(new RegExp(`${t2.id} +SETTLEMENT_REQUESTED +→ 200`));
  } finally {
    child?.kill("SIGTERM");
    await receiver.close();
  }
});

/** A pass-through HTTP proxy to the server under test whose connections the test can drop. */
async function droppingProxy() {
  const sockets = new Set<Socket>();
  const target = new URL(BASE);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

test("npm run listen reconnects after a dropped connection and resumes without losing or repeating an event", async ({
  request,
}) => {
  const receiver = await Receiver.start("ok");
  const proxy = await droppingProxy();
  const m = createMerchant("Listen reconnect");
  let child: ChildProcess | undefined;
  try {
    child = spawn(
      "node_modules/.bin/tsx",
      ["scripts/listen.ts", "--forward-to", receiver.url("/webhooks"), "--api-url", proxy.url, "--api-key", m.api_key],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let err = "";
    child.stderr?.on("data", (c) => (err += c));
    await eventually(async () => err.includes("listening on"), { timeout: 20_000 });
    const t1 = await startDummy(request, m, { outcome: "DECLINED" });
    await receiver.waitForCount(1);

    proxy.drop();
    const t2 = await startDummy(request, m, { outcome: "SETTLEMENT_REQUESTED" });
    const t3 = await startDummy(request, m, { outcome: "CANCELLED" });
    await eventually(async () => err.includes("resumed after"), { timeout: 20_000 });
    const got = await receiver.waitForCount(3, 20_000);
    await new Promise((r) => setTimeout(r, 1_000)); // nothing more arrives
    expect(receiver.deliveries.map((d) => (verifyDelivery(d, m.webhook_secret) as { id: string }).id)).toEqual([
      t1.id,
      t2.id,
      t3.id,
    ]);
    expect(got).toHaveLength(3);
    expect(err).toMatch(/stream interrupted .*; reconnecting in \d+ ms/);
  } finally {
    child?.kill("SIGTERM");
    await proxy.close();
    await receiver.close();
  }
});
