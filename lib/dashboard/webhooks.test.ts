import { describe, expect, it } from "vitest";
import { chaosSummary, eventQueryFromParams } from "./webhooks";

describe("eventQueryFromParams", () => {
  it("turns UTC days into the created range, the last day included", () => {
    const { raw, query } = eventQueryFromParams({ from: "2026-11-01", to: "2026-11-02", type: "refund", x: "y" });
    expect(raw).toEqual({ from: "2026-11-01", to: "2026-11-02", type: "refund" });
    expect(query).toEqual({
      type: "refund",
      limit: "10",
      created_from: "2026-11-01T00:00:00.000Z",
      created_to: "2026-11-03T00:00:00.000Z",
    });
  });

  it("names a day that is not a calendar date, and a range that ends before it begins; blanks are dropped", () => {
    const bad = eventQueryFromParams({ from: "yesterday", to: "2026-02-31", transaction: " ", cursor: ["a", "b"] });
    expect(bad.raw).toEqual({ from: "yesterday", to: "2026-02-31" });
    expect(bad.invalid).toEqual({ from: "Expected a date as YYYY-MM-DD", to: "Not a calendar date" });
    expect(eventQueryFromParams({ from: "2026-11-25", to: "2026-11-24" }).invalid).toEqual({
      to: "Must not be before From",
    });
    expect(eventQueryFromParams({ from: "2026-11-24", to: "2026-11-24" }).invalid).toEqual({});
  });
});

describe("chaosSummary", () => {
  it("says what chaos did to an attempt", () => {
    expect(chaosSummary(null)).toBe("");
    expect(
      chaosSummary({
        delay_ms: 0,
        reorder_delay_ms: 0,
        failed_on_purpose: false,
        bad_signature: false,
        duplicated: false,
      }),
    ).toBe("no effect");
    expect(chaosSummary({ failed_on_purpose: true, delay_ms: 12 })).toBe("failed on purpose (not sent), delayed 12 ms");
    expect(
      chaosSummary({ bad_signature: true, duplicated: true, duplicate_status_code: 200, reorder_delay_ms: 40 }),
    ).toBe("bad signature, sent twice (copy: HTTP 200), reorder wait 40 ms");
  });
});
