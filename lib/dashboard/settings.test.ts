import { describe, expect, it } from "vitest";
import { countsText, resetFormSchema, SEED_MAX, SeedFormSchema } from "@/lib/dashboard/settings";
import { nextStatuses, SETTABLE_STATUSES } from "@/lib/dashboard/test-controls";

describe("settings forms", () => {
  it("seed takes a whole number from 1 to SEED_MAX", () => {
    expect(SeedFormSchema.safeParse({ transactions: 1 }).success).toBe(true);
    expect(SeedFormSchema.safeParse({ transactions: SEED_MAX }).success).toBe(true);
    for (const transactions of [0, SEED_MAX + 1, 2.5, "12", undefined])
      expect(SeedFormSchema.safeParse({ transactions }).success, String(transactions)).toBe(false);
  });

  it("reset is confirmed by the organisation's name exactly", () => {
    const schema = resetFormSchema("Acme Shop");
    expect(schema.safeParse({ confirmation: "Acme Shop" }).success).toBe(true);
    const wrong = schema.safeParse({ confirmation: "acme shop" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe("Type the organisation name exactly: Acme Shop");
  });

  it("says the reset's counts in words", () => {
    expect(
      countsText({
        transactions: 12,
        customers: 1,
        mandates: 0,
        events: 30,
        attempts: 31,
        idempotency_keys: 2,
        card_tokens: 1,
      }),
    ).toBe("12 transactions, 1 customer, 0 mandates, 30 events, 31 attempts, 2 idempotency keys, 1 card token");
  });
});

describe("test controls", () => {
  it("offers the API schema's statuses and the table's next ones", () => {
    expect(SETTABLE_STATUSES).not.toContain("INITIATED");
    expect(SETTABLE_STATUSES).toContain("FAILED");
    expect(nextStatuses("SETTLEMENT_REQUESTED")).toEqual([
      "SETTLEMENT_COMPLETED",
      "CANCELLED",
      "DECLINED",
      "FAILED",
      "UNKNOWN",
    ]);
    expect(nextStatuses("FAILED")).toEqual([]);
  });
});
