import { describe, expect, it } from "vitest";
import { directDebitProcessor } from "@/lib/processors/direct-debit";
import { detailsErrors, startWith } from "@/lib/processors/test-support";

const valid = { account_type: "savings", bank_account: "ba_Sandbox-01", type: "recurring" };

describe("direct_debit", () => {
  it("requires account_type, bank_account and type", () => {
    expect(detailsErrors(directDebitProcessor, {})).toEqual({
      "details.account_type": "Required",
      "details.bank_account": "Required",
      "details.type": "Required",
    });
    expect(detailsErrors(directDebitProcessor, valid)).toBeNull();
  });

  it.each([
    ["account_type", "current"],
    ["type", "once"],
    ["order_source", "phone"],
    ["bank_account", "ba 01"],
    ["bank_account", "b".repeat(65)],
    ["check_number", "12a"],
    ["check_number", "1".repeat(16)],
    ["check_number", 1001],
  ])("rejects %s = %j", (field, value) => {
    expect(detailsErrors(directDebitProcessor, { ...valid, [field]: value })).toHaveProperty([`details.${field}`]);
  });

  it("accepts every documented value", () => {
    for (const account_type of ["checking", "savings"])
      for (const type of ["single", "recurring", "first", "final"])
        for (const order_source of ["ecommerce", "mail_order", "telephone", "recurring"]) {
          expect(
            detailsErrors(directDebitProcessor, {
              ...valid,
              account_type,
              type,
              order_source,
              check_number: "1".repeat(15),
            }),
          ).toBeNull();
        }
  });

  it.each([
    [2000, "SETTLEMENT_REQUESTED"],
    [2051, "DECLINED"],
    [2052, "FAILED"],
    [2053, "UNKNOWN"],
  ] as const)("charges server to server: amount %i gives %s", async (amount, status) => {
    expect(await startWith(directDebitProcessor, valid, { amount })).toMatchObject({
      status,
      needsApproval: false,
      details: valid,
    });
    expect(directDebitProcessor.approvalPage).toBeNull();
  });
});
