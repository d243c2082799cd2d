import { describe, expect, it } from "vitest";
import { onlineWalletProcessor } from "@/lib/processors/online-wallet";
import { apiError, detailsErrors, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/r";

describe("online_wallet", () => {
  it("takes a description of at most 127 characters", () => {
    expect(detailsErrors(onlineWalletProcessor, { redirect_url, description: "d".repeat(127) })).toBeNull();
    expect(detailsErrors(onlineWalletProcessor, { redirect_url, description: "d".repeat(128) })).toEqual({
      "details.description": "At most 127 characters",
    });
  });

  it("waits for the wallet login and echoes capture_now", async () => {
    const result = await startWith(onlineWalletProcessor, { redirect_url, description: "Order 42" });
    expect(result).toMatchObject({
      status: "INITIATED",
      needsApproval: true,
      details: { redirect_url, description: "Order 42", capture_now: true },
    });
    expect(onlineWalletProcessor.approvalPage).toBe("wallet_login");
  });

  it("approve settles, or only authorises when capture_now is false", async () => {
    const form = { email: "shopper@example.com", password: "sandbox" };
    expect(
      (await outcomeWith(onlineWalletProcessor, { outcome: "approve", form, details: { capture_now: true } })).status,
    ).toBe("SETTLEMENT_REQUESTED");
    expect(
      (await outcomeWith(onlineWalletProcessor, { outcome: "approve", form, details: { capture_now: false } })).status,
    ).toBe("AUTHORIZED");
    expect((await outcomeWith(onlineWalletProcessor, { outcome: "decline" })).status).toBe("DECLINED");
  });

  it("the login needs an e-mail address and a password; declining needs neither", async () => {
    const error = await apiError(() =>
      outcomeWith(onlineWalletProcessor, { outcome: "approve", form: { email: " ", password: "" } }),
    );
    expect(invalidOf(error)).toEqual({
      email: "Enter your wallet e-mail address",
      password: "Enter your wallet password",
    });
    expect((await outcomeWith(onlineWalletProcessor, { outcome: "decline", form: {} })).status).toBe("DECLINED");
  });
});
