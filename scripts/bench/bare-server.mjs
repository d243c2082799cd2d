// The bench's baseline (b): a bare `node:http` + `pg` server doing the minimal SQL of the same
// work as /v1, and nothing else: authenticate by key hash (one SELECT), then insert one
// transaction row (start) or read one (get, checkoutsuccess, list). No validation beyond the
// shape, no history row, no outbox. For a dummy start with `dummy_outcome` it posts the webhook
// itself right after the commit (the lower bound of webhook lag).
//
//   DATABASE_URL=... PORT=3721 node scripts/bench/bare-server.mjs
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { isStartShape, serialize } from "./baseline-shape.mjs";

const port = Number(process.env.PORT ?? 3721);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const baseUrl = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

const AUTH = {
  name: "bare_auth",
  text: `select "organisationId" from api_keys where hash = $1 and "revokedAt" is null`,
};
const INSERT = {
  name: "bare_insert",
  text: `insert into transactions (id, "organisationId", "paymentProfileId", "customerId", amount, "paymentProduct",
           "merchantReference", "webhookUrl", details, status, "statusReason", "createdAt", "lastStatusUpdate")
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning *`,
};
const GET = { name: "bare_get", text: `select * from transactions where id = $1 and "organisationId" = $2` };
const STATUS = {
  name: "bare_status",
  text: `select status, "statusReason" from transactions where id = $1 and "organisationId" = $2`,
};
const LIST = {
  name: "bare_list",
  text: `select * from transactions where "organisationId" = $1 order by "createdAt" desc, id desc limit 26`,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUCCESS = new Set(["AUTHORIZED", "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED"]);

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res, status, code, message) => send(res, status, { error: { code, message } });

async function organisation(req) {
  const key = req.headers.apikey;
  if (typeof key !== "string") return null;
  const { rows } = await pool.query({ ...AUTH, values: [createHash("sha256").update(key).digest("hex")] });
  return rows[0]?.organisationId ?? null;
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > 65536) reject(new Error("too large"));
      else chunks.push(c);
    });
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (e) {
        reject(e);
      }
    });
    req.on("error", reject);
  });
}

async function start(req, res) {
  let body;
  try {
    body = await readJson(req);
  } catch {
    return fail(res, 400, "100", "Malformed JSON");
  }
  const org = await organisation(req);
  if (!org) return fail(res, 401, "111", "The API key is unknown or revoked.");
  if (!isStartShape(body)) return fail(res, 400, "101", "Invalid transaction");
  const id = randomUUID();
  const details = body.details ?? {};
  const outcome = body.payment_product === "dummy" ? details.dummy_outcome : undefined;
  const storedDetails = outcome ? details : { ...details, approval_url: `${baseUrl}/v1/transaction/${id}/authorize` };
  const { rows } = await pool.query({
    ...INSERT,
    values: [
      id,
      org,
      body.payment_profile,
      body.customer,
      body.amount,
      body.payment_product,
      body.merchant_reference ?? "",
      body.webhook_transaction_update ?? "",
      storedDetails,
      outcome ?? "INITIATED",
      outcome ? "Set by dummy_outcome" : "",
      new Date(),
    ],
  });
  const t = rows[0];
  send(res, 201, serialize(t));
  if (outcome && t.webhookUrl) webhook(t);
}

function webhook(t) {
  const text = JSON.stringify({
    type: "transaction",
    id: t.id,
    status: t.status,
    status_reason: t.statusReason,
    amount: String(t.amount),
    merchant_reference: t.merchantReference,
    last_status_update: t.lastStatusUpdate.toISOString(),
  });
  const r = http.request(t.webhookUrl, {
    method: "POST",
    agent,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "webhook-id": randomUUID(),
    },
  });
  r.on("response", (x) => x.resume());
  r.on("error", () => {});
  r.end(text);
}

async function read(req, res, id, what) {
  const org = await organisation(req);
  if (!org) return fail(res, 401, "111", "The API key is unknown or revoked.");
  if (!UUID.test(id)) return fail(res, 404, "120", "Unknown transaction");
  const { rows } = await pool.query({ ...(what === "status" ? STATUS : GET), values: [id, org] });
  if (!rows[0]) return fail(res, 404, "120", "Unknown transaction");
  if (what === "status") {
    const t = rows[0];
    return send(res, 200, { status: t.status, status_reason: t.statusReason, success: SUCCESS.has(t.status) });
  }
  send(res, 200, serialize(rows[0]));
}

async function list(req, res) {
  const org = await organisation(req);
  if (!org) return fail(res, 401, "111", "The API key is unknown or revoked.");
  const { rows } = await pool.query({ ...LIST, values: [org] });
  send(res, 200, { data: rows.slice(0, 25).map(serialize), has_more: rows.length > 25 });
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  const parts = path.split("/");
  let work;
  if (req.method === "GET" && path === "/health") return send(res, 200, { ok: true });
  if (req.method === "POST" && path === "/v1/transaction/start") work = start(req, res);
  else if (req.method === "GET" && path === "/v1/transaction") work = list(req, res);
  else if (req.method === "GET" && parts.length === 4 && parts[2] === "transaction")
    work = read(req, res, parts[3], "full");
  else if (req.method === "GET" && parts.length === 5 && parts[4] === "checkoutsuccess")
    work = read(req, res, parts[3], "status");
  else return fail(res, 404, "404", "Not found");
  work.catch((e) => {
    if (!res.headersSent) fail(res, 500, "199", String(e?.message ?? e));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => process.stderr.write(`[bare] listening on ${port}\n`));
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => server.close(() => pool.end().then(() => process.exit(0))));
