import { describe, expect, it } from "vitest";
import { DUMMY_ISSUER, dummyProcessor } from "@/lib/processors/dummy";
import { apiError, detailsErrors, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";
import { STATUSES } from "@/lib/domain/statuses";

const redirect_url = "https://shop.example/return";

describe("dummy details", () => {
  it("accepts any status but INITIATED as dummy_outcome and dummy_outcome_update", () => {
    for (const status of STATUSES.filter((s) => s !== "INITIATED")) {
      expect(detailsErrors(dummyProcessor, { dummy_outcome: status })).toBeNull();
      expect(detailsErrors(dummyProcessor, { redirect_url, dummy_outcome_update: status })).toBeNull();
    }
    for (const bad of ["INITIATED", "settlement_requested", "PAID", 1]) {
      expect(detailsErrors(dummyProcessor, { dummy_outcome: bad })).toHaveProperty(["details.dummy_outcome"]);
      expect(detailsErrors(dummyProcessor, { dummy_outcome_update: bad })).toHaveProperty([
        "details.dummy_outcome_update",
      ]);
    }
  });

  it("accepts any dummy_outcome_update but INITIATED, whatever the first outcome (the sandbox's own move)", () => {
    for (const [outcome, update] of [
      ["DECLINED", "SETTLEMENT_COMPLETED"],
      ["SETTLEMENT_REQUESTED", "FAILED"],
      ["PENDING", "SETTLEMENT_COMPLETED"],
    ])
      expect(detailsErrors(dummyProcessor, { dummy_outcome: outcome, dummy_outcome_update: update })).toBeNull();
    expect(detailsErrors(dummyProcessor, { dummy_outcome_update: "INITIATED" })).toHaveProperty([
      "details.dummy_outcome_update",
    ]);
  });
});

describe("dummy start", () => {
  it("with dummy_outcome sets that status directly, without approval", async () => {
    for (const status of ["SETTLEMENT_REQUESTED", "DECLINED", "UNKNOWN", "SETTLEMENT_COMPLETED", "PENDING"] as const) {
      const result = await startWith(dummyProcessor, { dummy_outcome: status });
      expect(result).toEqual({
        status,
        statusReason: "Set by dummy_outcome",
        needsApproval: false,
        details: { dummy_outcome: status, issuer: DUMMY_ISSUER },
      });
    }
    expect(dummyProcessor.setsStatusDirectly).toBe(true);
  });

  it("names the sandbox issuer in the details, with or without dummy_outcome (spec 2.3)", async () => {
    expect((await startWith(dummyProcessor, { redirect_url })).details).toEqual({ redirect_url, issuer: "SBXDUMMY" });
  });

  it("schedules dummy_outcome_update as a follow-up", async () => {
    const result = await startWith(dummyProcessor, {
      dummy_outcome: "PENDING",
      dummy_outcome_update: "SETTLEMENT_REQUESTED",
    });
    expect(result.status).toBe("PENDING");
    expect(result.followUp).toEqual({ status: "SETTLEMENT_REQUESTED", reason: "Set by dummy_outcome_update" });
  });

  it("schedules dummy_outcome_update after any dummy_outcome", async () => {
    const result = await dummyProcessor.start({
      details: { dummy_outcome: "FAILED", dummy_outcome_update: "SETTLEMENT_COMPLETED", skip: undefined } as never,
      transactionId: "t",
      organisationId: "o",
      customerId: "c",
      amount: 1,
      client: undefined as never,
      now: new Date(),
    });
    expect(result.followUp).toEqual({ status: "SETTLEMENT_COMPLETED", reason: "Set by dummy_outcome_update" });
  });

  it("without dummy_outcome waits for the dummy page and needs redirect_url", async () => {
    const result = await startWith(dummyProcessor, { redirect_url, dummy_outcome_update: "SETTLEMENT_COMPLETED" });
    expect(result).toMatchObject({ status: "INITIATED", needsApproval: true });
    expect(result.followUp).toBeUndefined();
    expect(dummyProcessor.approvalPage).toBe("dummy");
    const error = await apiError(() => startWith(dummyProcessor, {}));
    expect(invalidOf(error)).toEqual({ "details.redirect_url": "Required when the shopper must approve the payment" });
  });
});

describe("dummy page outcomes", () => {
  it("sets the picked status", async () => {
    for (const status of STATUSES.filter((s) => s !== "INITIATED" && s !== "IN_PROGRESS")) {
      const result = await outcomeWith(dummyProcessor, { outcome: status });
      expect(result).toEqual({ status, statusReason: "Picked on the dummy page" });
    }
  });

  it("refuses INITIATED, IN_PROGRESS and anything that is not a status", async () => {
    for (const outcome of ["INITIATED", "IN_PROGRESS", "approve", "declined", ""]) {
      const error = await apiError(() => outcomeWith(dummyProcessor, { outcome }));
      expect(invalidOf(error)).toEqual({ outcome: "Unknown outcome" });
    }
  });

  it("adds the follow-up after whatever status the shopper picked", async () => {
    const details = { dummy_outcome_update: "SETTLEMENT_COMPLETED" };
    for (const outcome of ["SETTLEMENT_REQUESTED", "DECLINED", "UNKNOWN", "AUTHORIZED", "cancel"] as const) {
      const result = await outcomeWith(dummyProcessor, { outcome, details });
      expect(result.followUp).toEqual({ status: "SETTLEMENT_COMPLETED", reason: "Set by dummy_outcome_update" });
    }
    expect((await outcomeWith(dummyProcessor, { outcome: "DECLINED", details: {} })).followUp).toBeUndefined();
  });
});
