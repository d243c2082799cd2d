import { randomBytes } from "node:crypto";
import { q } from "@/lib/db/pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { redact, redactText } from "@/lib/api/redact";

/**
 * The request log (issue 15 item 6): every authenticated `/v1` request of an organisation, with
 * redacted bodies, its last 1,000 shown in the dashboard (Developers → Request log).
 *
 * Written off the hot path (docs/decisions.md, "The request log is written off the hot path"): a
 * request only pushes a small record of references into an in-memory buffer (no copy, no
 * redaction, no JSON, no await). A timer drains the buffer every FLUSH_INTERVAL_MS (sooner when
 * BATCH_ROWS are waiting): redaction, serialisation, one multi-row INSERT through the hot path's
 * pg pool, then a trim to the last KEEP_PER_ORGANISATION rows of each organisation in the batch.
 * The buffer is bounded: when MAX_BUFFERED records wait (the database is slow or down), new ones
 * are dropped and counted, never queued without limit. `flushRequestLog()` drains it at shutdown.
 *
 * One buffer per process: kept on globalThis, because the custom server's /v1 bundle and Next's
 * own chunks each contain a copy of this file (as lib/db/pg.ts).
 */

export const REQUEST_ID_HEADER = "Request-Id";
export const KEEP_PER_ORGANISATION = 1_000;
const FLUSH_INTERVAL_MS = 200;
const BATCH_ROWS = 100;
const MAX_BUFFERED = 10_000;
/** A body larger than this (as JSON) is stored as a truncated preview. */
const MAX_BODY_CHARS = 16_384;
/** An organisation is trimmed at most this often per process (the page reads the newest 1,000 anyway). */
const TRIM_INTERVAL_MS = 1_000;

/** Random bytes drawn 6 KiB at a time: one randomBytes call per 512 ids (one call each costs µs). */
const ID_BYTES = 12;
let idPool = Buffer.alloc(0);
let idOffset = 0;

/** A new `Request-Id`: `req_` and 24 hex characters (96 random bits). */
export function newRequestId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 512);
    idOffset = 0;
  }
  const hex = idPool.toString("hex", idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return `req_${hex}`;
}

export type RequestRecord = {
  organisationId: string;
  requestId: string;
  method: string;
  path: string;
  query: string;
  status: number;
  /** Answered from an Idempotency-Key's stored answer: nothing ran again. */
  replayed: boolean;
  durationMs: number;
  createdAt: Date;
  /** The parsed request body as the endpoint saw it (undefined: none). Redacted at flush time. */
  requestBody: unknown;
  /** The response body (undefined or a stream: none). Redacted at flush time. */
  responseBody: unknown;
};

type State = {
  buffer: RequestRecord[];
  dropped: number;
  written: number;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
  trimmedAt: Map<string, number>;
};

const g = globalThis as unknown as { payrailRequestLog?: State };
const state = (): State =>
  (g.payrailRequestLog ??= {
    buffer: [],
    dropped: 0,
    written: 0,
    timer: null,
    flushing: null,
    trimmedAt: new Map(),
  });

/** Queues one request for the log. Never throws, never waits. */
export function recordRequest(record: RequestRecord): void {
  if (env().REQUEST_LOG === "off") return;
  const s = state();
  if (s.buffer.length >= MAX_BUFFERED) {
    s.dropped++;
    return;
  }
  s.buffer.push(record);
  if (s.timer === null) schedule(s, s.buffer.length >= BATCH_ROWS ? 0 : FLUSH_INTERVAL_MS);
  else if (s.buffer.length === BATCH_ROWS) {
    clearTimeout(s.timer);
    schedule(s, 0);
  }
}

function schedule(s: State, delay: number) {
  s.timer = setTimeout(() => {
    s.timer = null;
    void drain(s);
  }, delay);
  s.timer.unref?.();
}

/** Counters for tests and the logs: rows written and records dropped since the process started. */
export function requestLogStats() {
  const s = state();
  return { buffered: s.buffer.length, written: s.written, dropped: s.dropped };
}

/** Writes everything buffered now (shutdown; tests). */
export async function flushRequestLog(): Promise<void> {
  const s = state();
  if (s.timer) {
    clearTimeout(s.timer);
    s.timer = null;
  }
  await s.flushing;
  while (s.buffer.length) await drain(s);
  if (s.timer) {
    clearTimeout(s.timer);
    s.timer = null;
  }
}

/**
 * Writes what is buffered now, BATCH_ROWS a statement; one drain at a time (so the log holds at
 * most one connection). Records that arrive meanwhile wait for the next tick.
 */
function drain(s: State): Promise<void> {
  if (s.flushing) return s.flushing;
  s.flushing = (async () => {
    try {
      const pending = s.buffer.splice(0);
      for (let i = 0; i < pending.length; i += BATCH_ROWS) {
        const batch = pending.slice(i, i + BATCH_ROWS);
        await write(s, batch).catch((err: unknown) => {
          s.dropped += batch.length;
          log().warn({ err: (err as Error)?.message, rows: batch.length }, "request log: batch not written");
        });
      }
    } finally {
      s.flushing = null;
      if (s.buffer.length && s.timer === null) schedule(s, s.buffer.length >= BATCH_ROWS ? 0 : FLUSH_INTERVAL_MS);
    }
  })();
  return s.flushing;
}

// The batch goes as one JSON text (rowsJson): pg would otherwise escape every element of ten
// text arrays, character by character, and the stored bodies are JSON already.
const INSERT = `INSERT INTO request_log ("organisationId", "requestId", method, path, query, status, replayed,
  "durationMs", "createdAt", "requestBody", "responseBody")
SELECT o, r, m, p, q, s, rp, d, c, rb, sb
FROM json_to_recordset($1::json) AS t(o uuid, r text, m text, p text, q text, s int, rp boolean, d int,
  c timestamptz, rb json, sb json)`;

// Deletes an organisation's rows older than its KEEP_PER_ORGANISATION newest (by id, the index order).
const TRIM = `DELETE FROM request_log l USING unnest($1::uuid[]) AS t(o)
WHERE l."organisationId" = t.o AND l.id < (
  SELECT id FROM request_log WHERE "organisationId" = t.o ORDER BY id DESC OFFSET ${KEEP_PER_ORGANISATION - 1} LIMIT 1)`;

/**
 * The batch as a JSON array text: every string field through JSON.stringify, the bodies spliced
 * in as the JSON texts storedBody made (valid JSON by construction), so nothing is serialised
 * twice.
 */
export function rowsJson(batch: RequestRecord[]): string {
  const rows = batch.map((r) => {
    const fields = [
      `"o":${JSON.stringify(r.organisationId)}`,
      `"r":${JSON.stringify(r.requestId)}`,
      `"m":${JSON.stringify(r.method)}`,
      `"p":${JSON.stringify(redactText(r.path.slice(0, 2_048)))}`,
      `"q":${JSON.stringify(redactText(r.query.slice(0, 2_048)))}`,
      `"s":${JSON.stringify(r.status)}`,
      `"rp":${r.replayed ? "true" : "false"}`,
      `"d":${JSON.stringify(Math.round(r.durationMs))}`,
      `"c":${JSON.stringify(r.createdAt.toISOString())}`,
      `"rb":${storedBody(r.requestBody) ?? "null"}`,
      `"sb":${storedBody(r.responseBody) ?? "null"}`,
    ];
    return `{${fields.join(",")}}`;
  });
  return `[${rows.join(",")}]`;
}

async function write(s: State, batch: RequestRecord[]) {
  await q("request_log_insert", INSERT, [rowsJson(batch)]);
  s.written += batch.length;

  const now = Date.now();
  const due = [...new Set(batch.map((r) => r.organisationId))].filter(
    (org) => now - (s.trimmedAt.get(org) ?? 0) >= TRIM_INTERVAL_MS,
  );
  if (s.trimmedAt.size > 10_000) s.trimmedAt.clear();
  for (const org of due) s.trimmedAt.set(org, now);
  if (due.length) await q("request_log_trim", TRIM, [due]);
}

/** The redacted body as JSON text, a truncated preview when large, or null (no body, a stream). */
export function storedBody(body: unknown): string | null {
  if (body === undefined || body === null || body instanceof ReadableStream) return null;
  let json: string;
  try {
    json = JSON.stringify(redact(body));
  } catch {
    return null;
  }
  if (json === undefined) return null;
  if (json.length <= MAX_BODY_CHARS) return json;
  return JSON.stringify({ truncated: true, length: json.length, preview: json.slice(0, MAX_BODY_CHARS) });
}
