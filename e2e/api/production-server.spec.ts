import net from "node:net";
import pg from "pg";
import { createMerchant, expect, FAST_URL, test } from "../fixtures";

// The production server (scripts/server.mjs) answers /v1 itself, before Next: requests of any
// shape must still get the JSON error object with a 4xx, and two instances must agree on a
// revoked key within a second (lib/auth/key-cache.ts).

const port = Number(process.env.E2E_PORT ?? 3210);

type RawAnswer = { status: number; headers: string; body: string };

/** Sends bytes as they are (no client-side normalisation) and reads the answer. */
function rawRequest(bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
    socket.write(bytes);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
  });
}

const get = (target: string, extra = "") =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

test.describe("production server: bad requests of any shape", () => {
  test("malformed paths, percent-encodings, methods, headers and huge query strings → JSON 4xx", async ({
    merchant,
  }) => {
    const key = `apiKey: ${merchant.api_key}\r\n`;
    const json = JSON.stringify({ first_name: "A", last_name: "B", email_address: "a@example.com" });
    const cases: [string, string | Buffer][] = [
      ["bad percent-encoding in an id", get("/v1/transaction/%E0%A4%A/checkoutsuccess", key)],
      ["truncated percent-encoding", get("/v1/transaction/%ZZ", key)],
      ["encoded slashes", get("/v1/transaction/..%2F..%2Fetc%2Fpasswd", key)],
      ["double slash", get("/v1//transaction", key)],
      ["unknown endpoint", get("/v1/nope/nope/nope", key)],
      ["bare /v1", get("/v1", key)],
      ["NUL in the query", get("/v1/issuers?payment_product=%00", key)],
      ["lone % in the query", get("/v1/transaction?status=%", key)],
      ["bad cursor", get(`/v1/transaction?cursor=${"z".repeat(4000)}`, key)],
      ["huge query string", get(`/v1/transaction?q=${"x".repeat(40_000)}`, key)],
      ["huge header", get("/v1/transaction", `${key}X-Big: ${"y".repeat(40_000)}\r\n`)],
      ["control character in a header", get("/v1/transaction", `apiKey: sk\x01bad\r\n`)],
      ["unknown method", `PURGE /v1/transaction HTTP/1.1\r\nHost: localhost\r\n${key}Connection: close\r\n\r\n`],
      [
        "method not allowed",
        `DELETE /v1/transaction/start HTTP/1.1\r\nHost: localhost\r\n${key}Connection: close\r\n\r\n`,
      ],
      [
        "PUT on a GET route",
        `PUT /v1/issuers HTTP/1.1\r\nHost: localhost\r\n${key}Content-Length: 0\r\nConnection: close\r\n\r\n`,
      ],
      [
        "non-numeric Content-Length",
        `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Length: abc\r\nConnection: close\r\n\r\n{}`,
      ],
      [
        "Content-Length and chunked together",
        `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
      ],
      [
        "invalid UTF-8 body",
        Buffer.concat([
          Buffer.from(
            `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\n`,
          ),
          Buffer.from([0x22, 0xff, 0xfe, 0x22]),
        ]),
      ],
      [
        "declared body over 64 KiB",
        `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Type: application/json\r\nContent-Length: 999999999\r\nConnection: close\r\n\r\n{}`,
      ],
      [
        "odd content type",
        `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Type: text/json;;;\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`,
      ],
      ["duplicate API keys", get("/v1/transaction", `${key}${key}`)],
      ["bearer with garbage", get("/v1/transaction", "Authorization: Bearer \t \r\n")],
    ];
    for (const [name, bytes] of cases) {
      const res = await rawRequest(bytes);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.headers, name).toContain("content-type: application/json");
      const body = JSON.parse(res.body);
      expect(typeof body.code, name).toBe("string");
      expect(typeof body.message, name).toBe("string");
    }
  });

  test("request targets Next cannot take: *, absolute form, no Host, a trailing slash, a page path that is not percent-encoding", async ({
    merchant,
  }) => {
    const key = `apiKey: ${merchant.api_key}\r\n`;
    const jsonError = (res: RawAnswer, status: number, name: string) => {
      expect(res.status, name).toBe(status);
      expect(res.headers, name).toContain("content-type: application/json");
      const body = JSON.parse(res.body);
      expect([typeof body.code, typeof body.message], name).toStrictEqual(["string", "string"]);
      return body;
    };
    const star = await rawRequest("OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(star.status).toBe(204);
    expect(star.headers).toContain("allow: get, head, post");
    for (const method of ["GET", "POST"])
      jsonError(await rawRequest(`${method} * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`), 400, method);
    jsonError(await rawRequest(get("nonsense", key)), 400, "a target that is no path");
    jsonError(await rawRequest("GET /v1/transaction HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "no Host");
    // Absolute form (RFC 9112 3.2.2) is served like its path.
    const absolute = await rawRequest(get(`http://localhost:${port}/v1/transaction?limit=1`, key));
    expect(absolute.status).toBe(200);
    expect(JSON.parse(absolute.body)).toHaveProperty("data");
    // A trailing slash: the API path it meant, named in the 404; the shopper's approval_url still works.
    const slash = jsonError(await rawRequest(get("/v1/transaction/", key)), 404, "trailing slash");
    expect(slash.message).toContain("Did you mean /v1/transaction (without the trailing slash)?");
    const approval = await rawRequest(get("/v1/transaction/3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01/authorize/"));
    expect(approval.status).toBeGreaterThanOrEqual(300);
    expect(approval.status).toBeLessThan(500);
    // A page path that is not percent-encoding: a 400 page, not Next's 500.
    for (const target of ["/pay/%ZZ", "/pay/%E0%A4%A/card", "/docs/%ZZ"]) {
      const page = await rawRequest(get(target));
      expect(page.status, target).toBe(400);
      expect(page.headers, target).toContain("content-type: text/html");
      expect(page.body, target).toContain("Invalid address");
    }
  });

  test("fuzz findings: disguised /v1 paths, TRACE on pages, odd Expect, garbage after a pipelined request, out-of-range dates", async ({
    merchant,
    api,
  }) => {
    const key = `apiKey: ${merchant.api_key}\r\n`;
    // Paths that become /v1 paths only once normalised: the API's 404 naming the path, not Next's 308.
    for (const target of ["//v1//transaction", "/v1\\transaction", "/pay/../v1/transaction", "/x/%2e%2e/v1/customer"]) {
      const res = await rawRequest(get(target, key));
      expect(res.status, target).toBe(404);
      expect(res.headers, target).toContain("content-type: application/json");
      expect(JSON.parse(res.body).message, target).toMatch(/Did you mean \/v1\/(transaction|customer)\?/);
    }
    // The OpenAPI document with a trailing slash: a 404 naming it, for any method (no redirect).
    const doc = await rawRequest(
      `POST /v1/openapi.json/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(doc.status).toBe(404);
    expect(JSON.parse(doc.body).message).toContain("Did you mean /v1/openapi.json");
    // TRACE on a page (Next answered a bare 500): 405 with Allow.
    for (const target of ["/health", "/store", "/dashboard"]) {
      const trace = await rawRequest(`TRACE ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(trace.status, target).toBe(405);
      expect(trace.headers, target).toContain("allow: get, head, post");
    }
    // An Expect other than 100-continue: 417 with the error object (node:http's was empty).
    const expectation = await rawRequest(get("/v1/transaction", `${key}Expect: foo\r\n`));
    expect(expectation.status).toBe(417);
    expect(JSON.parse(expectation.body).code).toBe("100");
    // 100-continue with a body over the cap: 413 at once, no "100 Continue" first.
    const big = await rawRequest(
      `POST /v1/customer HTTP/1.1\r\nHost: localhost\r\n${key}Content-Type: application/json\r\nContent-Length: 10000000\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    expect(big.status).toBe(413);
    // Garbage pipelined after a request: the client gets that request's own answer, not a 400.
    const t = await api.post("/v1/transaction/start", {
      payment_profile: api.merchant.payment_profile,
      amount: 1000,
      customer: (await api.post("/v1/customer", { first_name: "P", last_name: "L", email_address: "p@example.com" }))
        .body.id,
      payment_product: "dummy",
      details: { dummy_outcome: "AUTHORIZED" },
    });
    const piped = await rawRequest(
      `POST /v1/transaction/${t.body.id}/capture HTTP/1.1\r\nHost: localhost\r\napiKey: ${api.merchant.api_key}\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\nx\r\n\r\n`,
    );
    expect(piped.status).toBe(200);
    expect(JSON.parse(piped.body).status).toBe("SETTLEMENT_REQUESTED");
    // Dates outside what the database stores: 101 naming the field, not a 500.
    for (const q of ["created_from=0000-01-01", "created_to=9999-12-31T23:59:59-14:00"]) {
      const res = await api.get(`/v1/events?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe("101");
    }
  });

  test("HEAD and OPTIONS on an API route", async ({ merchant }) => {
    const head = await rawRequest(
      `HEAD /v1/issuers?payment_product=bank_selection HTTP/1.1\r\nHost: localhost\r\napiKey: ${merchant.api_key}\r\nConnection: close\r\n\r\n`,
    );
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const options = await rawRequest(
      `OPTIONS /v1/transaction/start HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(options.status).toBe(204);
    expect(options.headers).toContain("allow: post");
  });
});

test("a revoked API key stops working on every instance within 1 s (two production servers)", async ({ request }) => {
  const merchant = createMerchant("Revocation shop");
  const servers = [`http://localhost:${port}`, FAST_URL];
  const status = async (base: string) =>
    (await request.get(`${base}/v1/transaction?limit=1`, { headers: { apiKey: merchant.api_key } })).status();
  // Both instances have the key in their cache.
  for (const base of servers) for (let i = 0; i < 3; i++) expect(await status(base)).toBe(200);

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(merchant.api_key).digest("hex");
    await client.query(`update api_keys set "revokedAt" = now() where hash = $1`, [hash]);
  } finally {
    await client.end();
  }
  const committed = Date.now();
  const revokedAfter = await Promise.all(
    servers.map(async (base) => {
      for (;;) {
        if ((await status(base)) === 401) return Date.now() - committed;
        if (Date.now() - committed > 5_000) return Number.POSITIVE_INFINITY;
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  for (const ms of revokedAfter) expect(ms).toBeLessThan(1_000);
});

test("only a change that matters to authentication empties the key caches (not the last-used time)", async () => {
  const merchant = createMerchant("Key usage shop");
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256").update(merchant.api_key).digest("hex");
  const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([listener.connect(), writer.connect()]);
  try {
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(n.channel));
    await listener.query("listen payrail_api_key_changed");
    const settle = () => new Promise((r) => setTimeout(r, 300));

    // The channel is shared by every test running beside this one (their revocations notify it
    // too): a quiet window among up to three tries shows these two changes notify nothing; a
    // trigger that fired on them would be heard every time.
    for (let attempt = 0; attempt < 3; attempt++) {
      heard.length = 0;
      await writer.query(`update api_keys set "lastUsedAt" = now() where hash = $1`, [hash]);
      await writer.query(`update api_keys set name = 'renamed' where hash = $1`, [hash]);
      await settle();
      if (heard.length === 0) break;
    }
    expect(heard).toEqual([]);

    await writer.query(`update api_keys set "revokedAt" = now() where hash = $1`, [hash]);
    await expect.poll(() => heard.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(1);
  } finally {
    await Promise.all([listener.end(), writer.end()]);
  }
});
