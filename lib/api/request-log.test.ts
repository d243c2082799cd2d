import { describe, expect, it } from "vitest";
import {
  flushRequestLog,
  newRequestId,
  type RequestRecord,
  recordRequest,
  requestLogStats,
  rowsJson,
} from "@/lib/api/request-log";

const record = (i: number): RequestRecord => ({
  organisationId: "6f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01",
  requestId: newRequestId(),
  method: "GET",
  path: "/v1/issuers",
  query: "",
  status: 200,
  replayed: false,
  durationMs: i % 7,
  createdAt: new Date(),
  requestBody: undefined,
  responseBody: { n: i },
});

describe("request log buffer", () => {
  it("makes unique request ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{24}$/);
  });

  // The unit tests' database (vitest.config.ts) refuses connections: the log must drop, not queue.
  it("is bounded: past 10,000 waiting records new ones are dropped and counted; a failed write drops its batch", async () => {
    const t0 = performance.now();
    for (let i = 0; i < 10_005; i++) recordRequest(record(i));
    // Recording never waits on anything: 10,005 records in well under a second.
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(requestLogStats()).toEqual({ buffered: 10_000, written: 0, dropped: 5 });
    await flushRequestLog();
    expect(requestLogStats()).toEqual({ buffered: 0, written: 0, dropped: 10_005 });
  });
});

describe("rowsJson (the batch as one JSON parameter)", () => {
  it("is one valid JSON array: fields as they are, bodies redacted and spliced in, none → null", () => {
    const odd = 'quote " backslash \\ newline \n unicode é ☃ tab \t';
    const rows = JSON.parse(
      rowsJson([
        {
          ...record(3),
          method: "POST",
          path: `/v1/customer/${odd}`,
          query: "a=1&b=2",
          status: 201,
          replayed: true,
          durationMs: 2.6,
          createdAt: new Date("2026-11-23T07:00:00.123Z"),
          requestBody: { card_number: "4111111111111111", cvc: "123", note: odd },
          responseBody: { id: "x", list: [1, 2, { a: null }] },
        },
        record(4),
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      m: "POST",
      p: `/v1/customer/${odd}`,
      q: "a=1&b=2",
      s: 201,
      rp: true,
      d: 3,
      c: "2026-11-23T07:00:00.123Z",
      sb: { id: "x", list: [1, 2, { a: null }] },
    });
    expect(rows[0].rb.note).toBe(odd);
    expect(JSON.stringify(rows[0].rb)).not.toContain("4111111111111111");
    expect(rows[1]).toMatchObject({ m: "GET", rp: false, rb: null, sb: { n: 4 } });
  });

  it("stores a body past 16,384 characters as a truncated preview", () => {
    const [row] = JSON.parse(rowsJson([{ ...record(1), responseBody: { big: "x".repeat(20_000) } }]));
    expect(row.sb).toMatchObject({ truncated: true, length: expect.any(Number) });
    expect(row.sb.preview.length).toBe(16_384);
  });
});
