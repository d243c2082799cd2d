import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_EXCERPT_BYTES, sendWebhook } from "@/lib/webhooks/send";

// Real receivers on 127.0.0.1, one path per behaviour.
const hits: Record<string, number> = {};
const server = http.createServer((req, res) => {
  const path = req.url ?? "/";
  hits[path] = (hits[path] ?? 0) + 1;
  res.on("error", () => {});
  req.resume();
  req.on("end", () => {
    if (path === "/ok")
      return res
        .writeHead(200, { "content-type": "text/plain" })
        .end(`got ${req.headers["content-length"]} bytes, ${req.headers["x-test"]}`);
    if (path === "/huge") {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      return pump();
    }
    if (path === "/hang") return;
    if (path === "/hang-body") return res.writeHead(200).write("partial");
    if (path === "/reset") return req.socket.destroy();
    if (path === "/redirect")
      return res.writeHead(301, { location: `http://127.0.0.1:${port()}/elsewhere` }).end("moved");
    if (path === "/binary") return res.writeHead(500).end(Buffer.from([0x61, 0x00, 0x62, 0xff]));
    res.writeHead(404).end();
  });
});
const port = () => (server.address() as AddressInfo).port;
const at = (path: string, host = "127.0.0.1") => `http://${host}:${port()}${path}`;
const send = (url: string, extra: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  sendWebhook({
    url,
    headers: { "content-type": "application/json", "x-test": "yes" },
    body: '{"a":1}',
    allowPrivate: extra.allowPrivate ?? true,
    timeoutMs: extra.timeoutMs,
  });

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("sendWebhook", () => {
  it("posts the body and reports the status and the start of the response", async () => {
    const r = await send(at("/ok"));
    expect(r).toMatchObject({ statusCode: 200, error: null, responseExcerpt: "got 7 bytes, yes" });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reads only the first 1 KiB of a 10 MB body and hangs up", async () => {
    const t0 = Date.now();
    const r = await send(at("/huge"));
    expect(r.statusCode).toBe(200);
    expect(r.responseExcerpt).toBe("x".repeat(RESPONSE_EXCERPT_BYTES));
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it("gives up on a receiver that never answers, at the timeout", async () => {
    const r = await send(at("/hang"), { timeoutMs: 300 });
    expect(r).toMatchObject({ statusCode: null, error: "Timeout: no response within 300 ms" });
    expect(r.durationMs).toBeGreaterThanOrEqual(290);
    expect(r.durationMs).toBeLessThan(2_000);
  });

  it("keeps the status of a response whose body never ends", async () => {
    const r = await send(at("/hang-body"), { timeoutMs: 300 });
    expect(r).toMatchObject({ statusCode: 200, error: null, responseExcerpt: "partial" });
  });

  it("reports a connection reset", async () => {
    const r = await send(at("/reset"));
    expect(r.statusCode).toBeNull();
    expect(r.error).toMatch(/ECONNRESET|socket hang up/);
  });

  it("reports a refused connection", async () => {
    const r = await send("http://127.0.0.1:1/");
    expect(r).toMatchObject({ statusCode: null, error: "connect ECONNREFUSED 127.0.0.1:1" });
  });

  it("does not follow redirects", async () => {
    hits["/elsewhere"] = 0;
    const r = await send(at("/redirect"));
    expect(r).toMatchObject({ statusCode: 301, error: null, responseExcerpt: "moved" });
    expect(hits["/elsewhere"]).toBe(0);
  });

  it("stores a binary response as text without NUL characters", async () => {
    const r = await send(at("/binary"));
    expect(r.statusCode).toBe(500);
    expect(r.responseExcerpt).toBe("a\uFFFDb\uFFFD");
  });

  it("refuses non-http(s) and malformed URLs without a request", async () => {
    expect((await send("ftp://127.0.0.1/")).error).toBe("Unsupported protocol ftp:");
    expect((await send("not a url")).error).toBe("Invalid URL");
  });

  describe("with private networks not allowed", () => {
    const forms = (p: number) => [
      [`http://localhost:${p}/ok`, "localhost resolves to 127.0.0.1"],
      [`http://127.0.0.1:${p}/ok`, "127.0.0.1 is not a public address (loopback)"],
      [`http://2130706433:${p}/ok`, "127.0.0.1 is not a public address (loopback)"],
      [`http://0x7f000001:${p}/ok`, "127.0.0.1 is not a public address (loopback)"],
      [`http://0177.0.0.1:${p}/ok`, "127.0.0.1 is not a public address (loopback)"],
      [`http://[::ffff:127.0.0.1]:${p}/ok`, "::ffff:7f00:1 is not a public address (loopback)"],
      [`http://[::1]:${p}/ok`, "::1 is not a public address (loopback)"],
      [
        `http://169.254.169.254/latest/meta-data/`,
        "169.254.169.254 is not a public address (link-local, incl. cloud metadata)",
      ],
    ];

    it("connects to none of the loopback forms and says why", async () => {
      const before = hits["/ok"] ?? 0;
      for (const [url, reason] of forms(port())) {
        const r = await send(url, { allowPrivate: false });
        expect(r.statusCode, url).toBeNull();
        expect(r.error, url).toContain(reason);
      }
      expect(hits["/ok"] ?? 0).toBe(before);
    });

    it("still connects when private networks are allowed", async () => {
      expect((await send(at("/ok", "localhost"), { allowPrivate: true })).statusCode).toBe(200);
    });
  });
});

describe("sendWebhook keeps connections to a receiver alive", () => {
  // A receiver of its own, counting the connections it accepts.
  let connections = 0;
  const served = new WeakSet<object>();
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const reused = served.has(req.socket);
      served.add(req.socket);
      // The keep-alive race: the receiver closes a connection it had kept, without answering.
      if (req.url === "/drop-reused" && reused) return req.socket.destroy();
      if (req.url === "/long") return res.writeHead(200).end(Buffer.alloc(64 * 1024, "y"));
      res.writeHead(200).end("ok");
    });
  });
  receiver.on("connection", () => connections++);
  const url = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  const post = (path: string) => sendWebhook({ url: url(path), headers: {}, body: "{}", allowPrivate: true });

  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
  afterAll(() => {
    receiver.closeAllConnections();
    return new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("sends the next attempt to the same receiver on the same connection", async () => {
    receiver.closeAllConnections();
    const before = connections;
    for (let i = 0; i < 3; i++) expect((await post("/ok")).statusCode).toBe(200);
    expect(connections - before).toBe(1);
  });

  it("sends again on a new connection when the receiver drops a kept one without answering", async () => {
    receiver.closeAllConnections();
    const before = connections;
    expect((await post("/ok")).statusCode).toBe(200);
    const r = await post("/drop-reused");
    expect(r).toMatchObject({ statusCode: 200, error: null, responseExcerpt: "ok" });
    expect(connections - before).toBe(2);
  });

  it("does not keep a connection whose response was cut at the excerpt", async () => {
    receiver.closeAllConnections();
    const before = connections;
    const long = await post("/long");
    expect(long.responseExcerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
    expect((await post("/ok")).statusCode).toBe(200);
    expect(connections - before).toBe(2);
  });
});
