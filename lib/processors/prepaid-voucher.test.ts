import { describe, expect, it } from "vitest";
import { prepaidVoucherProcessor } from "@/lib/processors/prepaid-voucher";
import { apiError, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";

describe("prepaid_voucher", () => {
  it("waits for the voucher page", async () => {
    expect(await startWith(prepaidVoucherProcessor, { redirect_url: "https://shop.example/r" })).toMatchObject({
      status: "INITIATED",
      needsApproval: true,
    });
    expect(prepaidVoucherProcessor.approvalPage).toBe("voucher");
  });

  it("approve with a 16-digit PIN settles, and never returns the PIN", async () => {
    for (const pin of ["1234567812345678", "1234 5678 1234 5678"]) {
      const result = await outcomeWith(prepaidVoucherProcessor, { outcome: "approve", form: { pin } });
      expect(result.status).toBe("SETTLEMENT_REQUESTED");
      expect(JSON.stringify(result)).not.toContain("12345678");
    }
  });

  it("a PIN ending in 0000 has too low a balance", async () => {
    expect(
      await outcomeWith(prepaidVoucherProcessor, { outcome: "approve", form: { pin: "1234567812340000" } }),
    ).toEqual({
      status: "DECLINED",
      statusReason: "Voucher balance too low",
    });
  });

  it.each([undefined, "", "123456781234567", "12345678123456789", "123456781234567a"])(
    "refuses PIN %j",
    async (pin) => {
      const form: Record<string, string> = pin === undefined ? {} : { pin };
      expect(
        invalidOf(await apiError(() => outcomeWith(prepaidVoucherProcessor, { outcome: "approve", form }))),
      ).toEqual({ pin: "Enter the 16-digit PIN" });
    },
  );

  it("cancel gives CANCELLED; decline and fail, which the page does not offer, are refused", async () => {
    expect((await outcomeWith(prepaidVoucherProcessor, { outcome: "cancel" })).status).toBe("CANCELLED");
    for (const outcome of ["decline", "fail"])
      expect(invalidOf(await apiError(() => outcomeWith(prepaidVoucherProcessor, { outcome })))).toEqual({
        outcome: "Unknown outcome",
      });
  });
});
