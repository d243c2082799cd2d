import { describe, expect, it } from "vitest";
import {
  flushRequestLog,
  newRequestId,
  type RequestRecord,
  recordRequest,
  requestLogStats,
} from "@/lib/api/request-log";

const record = (i: number): RequestRecord => ({
  organisationId: "6f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01",
  requestId: newRequestId(),
  method: "GET",
  path: "/v1/issuers",
  query: "",
  status: 200,
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
