import { describe, expect, it } from "vitest";
import {
  allowedFrom,
  canTransition,
  FINAL_STATUSES,
  isFinal,
  isSuccess,
  STATUSES,
  TRANSITIONS,
} from "@/lib/domain/statuses";

/**
 * The table written out by hand, independently of TRANSITIONS: every pair not listed here must be
 * refused. Changing the state machine means changing this list on purpose.
 */
const ALLOWED = `
INITIATED -> IN_PROGRESS PENDING AUTHORIZED SETTLEMENT_REQUESTED DECLINED FAILED UNKNOWN CANCELLED ABANDONED
IN_PROGRESS -> PENDING AUTHORIZED SETTLEMENT_REQUESTED DECLINED FAILED UNKNOWN CANCELLED ABANDONED
PENDING -> AUTHORIZED SETTLEMENT_REQUESTED DECLINED FAILED UNKNOWN CANCELLED ABANDONED
AUTHORIZED -> SETTLEMENT_REQUESTED AUTHORIZATION_VOIDED FAILED UNKNOWN
SETTLEMENT_REQUESTED -> SETTLEMENT_COMPLETED CANCELLED FAILED DECLINED UNKNOWN
UNKNOWN -> AUTHORIZED SETTLEMENT_REQUESTED SETTLEMENT_COMPLETED DECLINED FAILED CANCELLED
SETTLEMENT_COMPLETED ->
CANCELLED ->
DECLINED ->
FAILED ->
ABANDONED ->
AUTHORIZATION_VOIDED ->
`;

const expected = new Set(
  ALLOWED.trim()
    .split("\n")
    .flatMap((line) => {
      const [from, rest] = line.split("->").map((s) => s.trim());
      return rest ? rest.split(/\s+/).map((to) => `${from}->${to}`) : [];
    }),
);

describe("transition table", () => {
  it("lists every status exactly once", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...STATUSES].sort());
    expect(STATUSES).toHaveLength(12);
  });

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const pair = `${from}->${to}`;
      it(`${expected.has(pair) ? "allows" : "refuses"} ${pair}`, () => {
        expect(canTransition(from, to)).toBe(expected.has(pair));
      });
    }
  }

  it("never moves back to INITIATED and never leaves a final status", () => {
    for (const from of STATUSES) expect(canTransition(from, "INITIATED")).toBe(false);
    for (const from of FINAL_STATUSES) expect(TRANSITIONS[from]).toEqual([]);
  });

  it("final statuses are the six of DESIGN section 7", () => {
    expect([...FINAL_STATUSES].sort()).toEqual([
      "ABANDONED",
      "AUTHORIZATION_VOIDED",
      "CANCELLED",
      "DECLINED",
      "FAILED",
      "SETTLEMENT_COMPLETED",
    ]);
    expect(isFinal("SETTLEMENT_REQUESTED")).toBe(false);
  });

  it("allowedFrom inverts the table", () => {
    expect(allowedFrom("AUTHORIZATION_VOIDED")).toEqual(["AUTHORIZED"]);
    expect(allowedFrom("SETTLEMENT_COMPLETED").sort()).toEqual(["SETTLEMENT_REQUESTED", "UNKNOWN"]);
  });

  it("success means SETTLEMENT_REQUESTED or SETTLEMENT_COMPLETED only", () => {
    expect(STATUSES.filter(isSuccess)).toEqual(["SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED"]);
  });
});
