import { describe, expect, it } from "vitest";
import { mobileWalletAProcessor, mobileWalletBProcessor } from "@/lib/processors/mobile-wallet";
import { apiError, detailsErrors, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/r";

describe.each([mobileWalletAProcessor, mobileWalletBProcessor])("$product", (processor) => {
  it("limits token_data to 8192 characters", () => {
    expect(detailsErrors(processor, { token_data: "t".repeat(8192) })).toBeNull();
    expect(detailsErrors(processor, { token_data: "t".repeat(8193) })).toEqual({
      "details.token_data": "At most 8192 characters",
    });
    expect(detailsErrors(processor, { token_data: "" })).toEqual({ "details.token_data": "Must not be empty" });
  });

  it.each([
    [1000, true, "SETTLEMENT_REQUESTED"],
    [1000, false, "AUTHORIZED"],
    [1051, true, "DECLINED"],
    [1052, false, "FAILED"],
    [1053, true, "UNKNOWN"],
  ] as const)("with token_data, amount %i (capture_now %s) gives %s", async (amount, capture_now, status) => {
    const result = await startWith(processor, { token_data: "wallet-token", capture_now }, { amount });
    expect(result).toMatchObject({ status, needsApproval: false });
    expect(result.details).toEqual({ capture_now });
  });

  it("without token_data waits for the wallet's approval", async () => {
    expect(await startWith(processor, { redirect_url })).toMatchObject({ status: "INITIATED", needsApproval: true });
    expect(processor.approvalPage).toBe("approve_decline");
    expect(invalidOf(await apiError(() => startWith(processor, {})))).toEqual({
      "details.redirect_url": "Required when the shopper must approve the payment",
    });
  });

  it("page outcomes honour capture_now", async () => {
    expect((await outcomeWith(processor, { outcome: "approve", details: { capture_now: false } })).status).toBe(
      "AUTHORIZED",
    );
    expect((await outcomeWith(processor, { outcome: "approve", details: { capture_now: true } })).status).toBe(
      "SETTLEMENT_REQUESTED",
    );
    expect((await outcomeWith(processor, { outcome: "cancel" })).status).toBe("CANCELLED");
  });
});

it("the two wallets are distinct products", () => {
  expect(mobileWalletAProcessor.product).toBe("mobile_wallet_a");
  expect(mobileWalletBProcessor.product).toBe("mobile_wallet_b");
});
