import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { addToCart, checkout, expectReturn, shot, storeApi } from "./store-helpers";

// Every payment product through the store UI: cart → checkout → (Payrail's hosted page) → the
// store's return page, whose outcome the store's server got from checkoutsuccess. Then the same
// facts are read from Payrail with the store's key.

type Flow = {
  title: string;
  method: string;
  /** Catalogue items; the default is one bag of coffee (€12.50 + €4.00 shipping). */
  items?: string[];
  fill?: (page: Page) => Promise<unknown>;
  /** What the shopper does on Payrail's hosted page; none for server-to-server payments. */
  hosted?: (page: Page) => Promise<void>;
  outcome: "success" | "failure" | "pending";
  status: string;
  /** Checks on the transaction as Payrail has it. */
  verify?: (t: Record<string, any>) => void;
};

const click = (name: string | RegExp) => async (page: Page) => page.getByRole("button", { name }).click();
const cancel = click("Cancel payment and return to the shop");
const walletApp = async (page: Page) => page.getByRole("radio", { name: /^Approve in the wallet app/ }).check();

const FLOWS: Flow[] = [
  // Cards & wallets (card: card.spec.ts)
  {
    title: "wallet token from the device",
    method: "mobile_wallet_a",
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => expect(t.details.token_data).toBeUndefined(),
  },
  {
    title: "device token declined (amount ending in 51)",
    method: "mobile_wallet_a",
    items: ["sandbox-decline"],
    outcome: "failure",
    status: "DECLINED",
  },
  {
    title: "approved in the wallet app",
    method: "mobile_wallet_b",
    fill: walletApp,
    hosted: click("Approve payment"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "declined in the wallet app",
    method: "mobile_wallet_b",
    fill: walletApp,
    hosted: click("Decline"),
    outcome: "failure",
    status: "DECLINED",
  },
  {
    title: "logged in and paid, with the store's description",
    method: "online_wallet",
    items: ["house-espresso", "espresso-cups"],
    hosted: async (page) => {
      await expect(page.getByTestId("wallet-description")).toHaveText(
        "Payrail Coffee Co.: House Espresso, Espresso Cup Pair",
      );
      await page.getByRole("button", { name: "Log in and pay" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "wallet declines",
    method: "online_wallet",
    hosted: click("Wallet declines"),
    outcome: "failure",
    status: "DECLINED",
  },
  // Bank payments
  {
    title: "bank chosen in the shop from /v1/issuers",
    method: "bank_selection",
    fill: async (page) =>
      page.getByLabel("Your bank", { exact: true }).selectOption({ label: "Harbour Savings Bank (NL)" }),
    hosted: async (page) => {
      await expect(page.getByLabel("Harbour Savings Bank")).toBeChecked();
      await page.getByRole("button", { name: "Pay with my bank" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => expect(t.details.issuer).toBe("HRBSNL2A"),
  },
  {
    title: "bank declines",
    method: "bank_selection",
    hosted: click("Bank declines"),
    outcome: "failure",
    status: "DECLINED",
  },
  {
    title: "transfer from the sandbox bank",
    method: "instant_transfer",
    hosted: async (page) => {
      await page.getByLabel("Account holder").fill("Ada Lovelace");
      await page.getByRole("button", { name: "Transfer and pay" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => {
      expect(t.details.sender.holder).toBe("Ada Lovelace");
      expect(t.dynamic_descriptor).toMatch(/^Payrail Coffee PC-[A-Z0-9]{6}$/);
    },
  },
  {
    title: "cancelled at the bank",
    method: "instant_transfer",
    hosted: cancel,
    outcome: "failure",
    status: "CANCELLED",
  },
  {
    title: "confirmed in the bank app",
    method: "bank_initiated",
    fill: async (page) => page.getByLabel("Your bank", { exact: true }).selectOption({ label: "Dune Bank (BE)" }),
    hosted: click("Approve payment"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => expect(t.details.bank).toBe("DUNEBE22"),
  },
  {
    title: "processing failure",
    method: "bank_initiated",
    hosted: click("Simulate a processing failure"),
    outcome: "failure",
    status: "FAILED",
  },
  {
    title: "approved on the debit card page",
    method: "debit_card_redirect",
    hosted: click("Approve payment"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "cancelled on the debit card page",
    method: "debit_card_redirect",
    hosted: cancel,
    outcome: "failure",
    status: "CANCELLED",
  },
  {
    title: "mandate signed with the IBAN from the shop",
    method: "sepa",
    hosted: async (page) => {
      await expect(page.getByLabel("IBAN")).toHaveValue("DE89370400440532013000");
      await expect(page.getByLabel("Account holder")).toHaveValue("Ada Lovelace");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Sign mandate and pay" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => {
      expect(t.details.mandate_reused).toBe(false);
      expect(t.details.sender).toEqual([
        {
          account_number: "DE89370400440532013000",
          bank_code: "COBADEFFXXX",
          country_code: "DE",
          holder_name: "Ada Lovelace",
        },
      ]);
    },
  },
  { title: "mandate declined", method: "sepa", hosted: click("Decline"), outcome: "failure", status: "DECLINED" },
  {
    title: "linked account debited",
    method: "direct_debit",
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) =>
      expect(t.details).toMatchObject({
        account_type: "checking",
        bank_account: "ba_sandbox_checking_001",
        type: "single",
        order_source: "ecommerce",
      }),
  },
  {
    title: "debit fails (amount ending in 52), savings account",
    method: "direct_debit",
    items: ["sandbox-failure"],
    fill: async (page) => page.getByLabel("Account type").selectOption("savings"),
    outcome: "failure",
    status: "FAILED",
    verify: (t) => expect(t.details.account_type).toBe("savings"),
  },
  {
    title: "QR code paid",
    method: "instant_payment",
    hosted: async (page) => {
      await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
      await page.getByRole("button", { name: "Simulate payment" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    // The beneficiary is the shop: the QR code pays its PIX key.
    verify: (t) =>
      expect(t.details).toMatchObject({
        pix_name: "Payrail Coffee Co.",
        pix_document_id: "45997418000153",
        pix_key: "pix@payrail-coffee.example",
      }),
  },
  {
    title: "QR code expired",
    method: "instant_payment",
    hosted: click("Simulate expiry"),
    outcome: "failure",
    status: "ABANDONED",
  },
  // Pay later & vouchers
  { title: "paid later, right away", method: "bnpl", outcome: "success", status: "SETTLEMENT_REQUESTED" },
  {
    title: "declined (amount ending in 51)",
    method: "bnpl",
    items: ["sandbox-decline"],
    outcome: "failure",
    status: "DECLINED",
  },
  {
    title: "status unknown (amount ending in 53)",
    method: "bnpl",
    items: ["sandbox-unknown"],
    outcome: "pending",
    status: "UNKNOWN",
  },
  {
    title: "credit approved",
    method: "instalment_credit",
    hosted: click("Approve payment"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "credit declined",
    method: "instalment_credit",
    hosted: click("Decline"),
    outcome: "failure",
    status: "DECLINED",
  },
  {
    title: "financing approved",
    method: "finance_provider",
    fill: async (page) => page.getByLabel("Financing partner").selectOption("tulip-credit"),
    hosted: click("Approve payment"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
    verify: (t) => expect(t.details.provider_id).toBe("tulip-credit"),
  },
  { title: "financing cancelled", method: "finance_provider", hosted: cancel, outcome: "failure", status: "CANCELLED" },
  {
    title: "voucher redeemed",
    method: "prepaid_voucher",
    hosted: async (page) => {
      await page.getByLabel("Voucher PIN").fill("1234 5678 9012 3456");
      await page.getByRole("button", { name: "Redeem voucher" }).click();
    },
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "voucher balance too low",
    method: "prepaid_voucher",
    hosted: async (page) => {
      await page.getByLabel("Voucher PIN").fill("1234 5678 9012 0000");
      await page.getByRole("button", { name: "Redeem voucher" }).click();
    },
    outcome: "failure",
    status: "DECLINED",
  },
  // Sandbox
  {
    title: "outcome picked on the dummy page",
    method: "dummy",
    hosted: click("SETTLEMENT COMPLETED"),
    outcome: "success",
    status: "SETTLEMENT_COMPLETED",
  },
  {
    title: "dummy_outcome set in the shop",
    method: "dummy",
    fill: async (page) => page.getByLabel("Outcome", { exact: true }).selectOption("SETTLEMENT_REQUESTED"),
    outcome: "success",
    status: "SETTLEMENT_REQUESTED",
  },
  {
    title: "dummy_outcome DECLINED",
    method: "dummy",
    fill: async (page) => page.getByLabel("Outcome", { exact: true }).selectOption("DECLINED"),
    outcome: "failure",
    status: "DECLINED",
  },
];

for (const flow of FLOWS) {
  test(`${flow.method}: ${flow.title} → ${flow.status}`, async ({ page, request }) => {
    await addToCart(page, flow.items ?? ["house-espresso"]);
    await checkout(page, { method: flow.method, fill: flow.fill });
    if (flow.hosted) {
      await expect(page.getByText("Sandbox · test payment")).toBeVisible();
      // Payrail shows who is paid: the store's merchant (the demo merchant's name).
      await expect(page.getByText(/^Pay Payrail /)).toBeVisible();
      await flow.hosted(page);
    }
    const { transactionId, reference } = await expectReturn(page, flow.outcome, flow.status);
    // The order was placed: the cart is empty; a failure offers to put the items back.
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(flow.outcome === "failure" ? 1 : 0);

    const t = (await storeApi(request).get(`/v1/transaction/${transactionId}`)).body;
    expect(t).toMatchObject({ payment_product: flow.method, status: flow.status, merchant_reference: reference });
    const expectedAmount = flow.items?.[0]?.startsWith("sandbox-")
      ? { "sandbox-decline": 451, "sandbox-failure": 452, "sandbox-unknown": 453 }[flow.items[0]]
      : undefined;
    if (expectedAmount) expect(t.amount).toBe(String(expectedAmount));
    if (!flow.hosted) expect(t.details.approval_url).toBeUndefined();
    flow.verify?.(t);

    await page.goto("/store/orders");
    await expect(page.getByTestId(`order-${reference}`).getByTestId("order-status-detail")).toContainText(flow.status);
  });
}

test("a failed payment can be retried: the items go back into the cart", async ({ page }) => {
  await addToCart(page, ["ethiopia-guji", "pour-over-dripper"]);
  await checkout(page, { method: "debit_card_redirect" });
  await page.getByRole("button", { name: "Decline" }).click();
  const first = await expectReturn(page, "failure", "DECLINED");
  await shot(page, "store-return-failure");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.getByTestId("method-bnpl").getByRole("radio").check();
  await page.getByRole("button", { name: "Pay €44.90" }).click();
  const second = await expectReturn(page, "success", "SETTLEMENT_REQUESTED");
  expect(second.reference).not.toBe(first.reference);
  await page.goto("/store/orders");
  await expect(page.getByTestId(`order-${first.reference}`).getByTestId("order-status")).toHaveText("Payment declined");
  await expect(page.getByTestId(`order-${second.reference}`).getByTestId("order-status")).toHaveText("Paid");
});
