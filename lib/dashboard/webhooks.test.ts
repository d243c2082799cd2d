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

  it("passes an unusable day on as typed, so the API's schema names it; blanks are dropped", () => {
    const { raw, query } = eventQueryFromParams({ from: "yesterday", transaction: " ", cursor: ["a", "b"] });
    expect(raw).toEqual({ from: "yesterday" });
    expect(query.created_from).toBe("yesterday");
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
