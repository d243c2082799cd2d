import type { Page } from "@playwright/test";
import { expect, test, type Api } from "../fixtures";
import { start, startMerchantStub } from "./helpers";

let stub: Awaited<ReturnType<typeof startMerchantStub>>;
test.beforeAll(async () => {
  stub = await startMerchantStub();
});
test.afterAll(async () => stub.close());

type Flow = {
  product: string;
  details?: Record<string, unknown>;
  /** What the shopper does on the hosted page. */
  act: (page: Page) => Promise<void>;
  status: string;
  success: boolean;
};

const click = (name: string | RegExp) => async (page: Page) => page.getByRole("button", { name }).click();
const cancel = click("Cancel payment and return to the shop");

const FLOWS: Record<string, Flow[]> = {
  mobile_wallet_a: [
    { product: "mobile_wallet_a", act: click("Approve payment"), status: "SETTLEMENT_REQUESTED", success: true },
    { product: "mobile_wallet_a", act: click("Decline"), status: "DECLINED", success: false },
  ],
  mobile_wallet_b: [
    {
      product: "mobile_wallet_b",
      details: { capture_now: false },
      act: click("Approve payment"),
      status: "AUTHORIZED",
      success: false,
    },
    { product: "mobile_wallet_b", act: cancel, status: "CANCELLED", success: false },
  ],
  debit_card_redirect: [
    { product: "debit_card_redirect", act: click("Approve payment"), status: "SETTLEMENT_REQUESTED", success: true },
    { product: "debit_card_redirect", act: click("Simulate a processing failure"), status: "FAILED", success: false },
  ],
  instalment_credit: [
    { product: "instalment_credit", act: click("Approve payment"), status: "SETTLEMENT_REQUESTED", success: true },
    { product: "instalment_credit", act: cancel, status: "CANCELLED", success: false },
  ],
  finance_provider: [
    {
      product: "finance_provider",
      details: { provider_id: "prov-1" },
      act: click("Approve payment"),
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    {
      product: "finance_provider",
      details: { provider_id: "prov-1" },
      act: click("Decline"),
      status: "DECLINED",
      success: false,
    },
  ],
  bank_initiated: [
    {
      product: "bank_initiated",
      details: { bank: "bank-7" },
      act: click("Approve payment"),
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    { product: "bank_initiated", details: { bank: "bank-7" }, act: cancel, status: "CANCELLED", success: false },
  ],
  dummy: [
    { product: "dummy", act: click("SETTLEMENT COMPLETED"), status: "SETTLEMENT_COMPLETED", success: true },
    { product: "dummy", act: click("DECLINED"), status: "DECLINED", success: false },
  ],
  bank_selection: [
    {
      product: "bank_selection",
      act: async (page) => {
        await page.getByLabel("Harbour Savings Bank").check();
        await page.getByRole("button", { name: "Pay with my bank" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    {
      product: "bank_selection",
      details: { issuer: "DUNEBE22" },
      act: click("Bank declines"),
      status: "DECLINED",
      success: false,
    },
  ],
  online_wallet: [
    {
      product: "online_wallet",
      details: { description: "Two espresso cups" },
      act: async (page) => {
        await expect(page.getByTestId("wallet-description")).toHaveText("Two espresso cups");
        await page.getByRole("button", { name: "Log in and pay" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    { product: "online_wallet", act: click("Wallet declines"), status: "DECLINED", success: false },
  ],
  prepaid_voucher: [
    {
      product: "prepaid_voucher",
      act: async (page) => {
        await page.getByLabel("Voucher PIN").fill("1234 5678 9012 3456");
        await page.getByRole("button", { name: "Redeem voucher" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    {
      product: "prepaid_voucher",
      act: async (page) => {
        await page.getByLabel("Voucher PIN").fill("1234567890120000");
        await page.getByRole("button", { name: "Redeem voucher" }).click();
      },
      status: "DECLINED",
      success: false,
    },
  ],
  instant_payment: [
    {
      product: "instant_payment",
      details: { pix_name: "Loja Exemplo", pix_document_id: "529.982.247-25", pix_key: "loja@example.com" },
      act: async (page) => {
        await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
        // Copy: to the clipboard where the browser allows it ("Copied"), else the field is selected to copy by hand.
        expect(await page.getByLabel("PIX code").inputValue()).toMatch(/^PAYRAIL-SANDBOX-PIX\|/);
        const copy = page.getByTestId("copy-button");
        await expect(copy).toHaveText("Copy PIX code");
        await copy.click();
        await expect
          .poll(async () =>
            (await copy.textContent()) === "Copied"
              ? "copied"
              : await page.evaluate(() => document.activeElement?.id ?? ""),
          )
          .toMatch(/^(copied|pix-code)$/);
        await page.getByRole("button", { name: "Simulate payment" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    {
      product: "instant_payment",
      details: { pix_name: "Loja Exemplo", pix_document_id: "52998224725" },
      act: click("Simulate expiry"),
      status: "ABANDONED",
      success: false,
    },
  ],
  sepa: [
    {
      product: "sepa",
      details: {
        sender: [
          {
            account_number: "NL91ABNA0417164300",
            bank_code: "ABNANL2A",
            country_code: "NL",
            holder_name: "Ada Lovelace",
          },
        ],
      },
      act: async (page) => {
        await expect(page.getByLabel("IBAN")).toHaveValue("NL91ABNA0417164300");
        await page.getByRole("checkbox").check();
        await page.getByRole("button", { name: "Sign mandate and pay" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    { product: "sepa", act: click("Decline"), status: "DECLINED", success: false },
  ],
  instant_transfer: [
    {
      product: "instant_transfer",
      act: async (page) => {
        await page.getByLabel("Account holder").fill("Ada Lovelace");
        await page.getByRole("button", { name: "Transfer and pay" }).click();
      },
      status: "SETTLEMENT_REQUESTED",
      success: true,
    },
    { product: "instant_transfer", act: cancel, status: "CANCELLED", success: false },
  ],
};

async function payThroughPage(page: Page, api: Api, flow: Flow) {
  const t = await start(api, flow.product, { redirect_url: stub.returnUrl, ...flow.details });
  expect(t.status).toBe("INITIATED");
  await page.goto(t.details.approval_url);
  await expect(page.getByText("Sandbox · test payment")).toBeVisible();
  await expect(page.getByTestId("amount")).toHaveText("€25.00");
  await flow.act(page);
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin).toBe(stub.origin);
  expect(landed.searchParams.get("order")).toBe("42");
  expect(landed.searchParams.get("transaction_id")).toBe(t.id);
  expect(landed.searchParams.has("error")).toBe(false);
  // What the merchant's server does next: ask the service, never trust the query string.
  const check = await api.get(`/v1/transaction/${t.id}/checkoutsuccess`);
  expect(check.body).toStrictEqual({ status: flow.status, status_reason: expect.any(String), success: flow.success });

  return t;
}

for (const [product, flows] of Object.entries(FLOWS)) {
  test.describe(product, () => {
    for (const flow of flows) {
      test(`${flow.status} through the hosted page`, async ({ page, api }) => {
        const t = await payThroughPage(page, api, flow);
        const history = await api.get(`/v1/transaction/${t.id}/history`);
        const statuses = history.body.data.map((h: { status: string }) => h.status);
        expect(statuses.slice(0, 2)).toEqual(["INITIATED", "IN_PROGRESS"]);
        // PIX: the code is shown, the payment waits for the money.
        if (product === "instant_payment") expect(statuses[2]).toBe("PENDING");
        expect(statuses.at(-1)).toBe(flow.status);
      });
    }
  });
}

test("bank_selection stores the chosen issuer; instant_transfer fills details.sender", async ({ page, api }) => {
  const bank = await payThroughPage(page, api, FLOWS.bank_selection[0]);
  expect((await api.get(`/v1/transaction/${bank.id}`)).body.details.issuer).toBe("HRBSNL2A");
  const transfer = await payThroughPage(page, api, FLOWS.instant_transfer[0]);
  const read = await api.get(`/v1/transaction/${transfer.id}`);
  expect(read.body.details.sender).toStrictEqual({
    country_code: "DE",
    iban: "DE89370400440532013000",
    bic: expect.any(String),
    bank_name: expect.any(String),
    bank_code: "37040044",
    account_number: "0532013000",
    holder: "Ada Lovelace",
  });
  expect(read.body.payment_product_type).toBe("instant_transfer");
});

test("a signed SEPA mandate is reused by the customer's next SEPA payment", async ({ page, api }) => {
  const customer = (
    await api.post("/v1/customer", { first_name: "Sepa", last_name: "Payer", email_address: "sepa@example.com" })
  ).body.id;
  const first = await start(api, "sepa", { redirect_url: stub.returnUrl }, { customer });
  expect(first.details.mandate_reused).toBe(false);
  await page.goto(first.details.approval_url);
  await page.getByLabel("Account holder").fill("Sepa Payer");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign mandate and pay" }).click();
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  const mandate = (await api.get(`/v1/transaction/${first.id}`)).body.details.mandate;
  expect(mandate).toMatch(/^PRL-[A-Z0-9]{12}$/);

  const second = await start(api, "sepa", { redirect_url: stub.returnUrl }, { customer });
  expect(second.details.mandate_reused).toBe(true);
  expect(second.details.approval_url).toBeUndefined();
  expect(second.details.mandate).toBe(mandate);
  expect(second.status).toBe("SETTLEMENT_REQUESTED");
});

test("a wrong voucher PIN shows the reason on the page and the shopper can retry", async ({ page, api }) => {
  const t = await start(api, "prepaid_voucher", { redirect_url: stub.returnUrl });
  await page.goto(t.details.approval_url);
  const pin = page.getByRole("textbox", { name: /^Voucher PIN/ });
  // The browser checks the PIN with the server's rule before anything is sent; what was typed stays.
  await pin.fill("1234 5678 1234 567");
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect.poll(() => pin.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("Enter the 16-digit PIN");
  await expect(pin).toHaveValue("1234 5678 1234 567");
  expect((await api.get(`/v1/transaction/${t.id}`)).body.status).toBe("IN_PROGRESS");
  // Posted without that check (no script, an old browser): the server's answer names the field,
  // which is marked invalid and has the focus.
  await pin.evaluate((el: HTMLInputElement) => el.form?.setAttribute("novalidate", ""));
  await pin.fill("12345");
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "16-digit PIN" })).toBeVisible();
  await expect(pin).toHaveAttribute("aria-invalid", "true");
  await expect(pin).toBeFocused();
  expect((await api.get(`/v1/transaction/${t.id}`)).body.status).toBe("IN_PROGRESS");
  await page.getByLabel("Voucher PIN").fill("1111222233334444");
  await page.getByRole("button", { name: "Redeem voucher" }).click();
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
});

test("opening approval_url again: same page while open, straight back to the merchant when finished", async ({
  page,
  api,
}) => {
  const t = await start(api, "debit_card_redirect", { redirect_url: stub.returnUrl });
  await page.goto(t.details.approval_url);
  await page.goto(t.details.approval_url);
  await expect(page.getByRole("button", { name: "Approve payment" })).toBeVisible();
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  await page.goto(t.details.approval_url);
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("transaction_id")).toBe(t.id);
  const history = await api.get(`/v1/transaction/${t.id}/history`);
  expect(history.body.data.map((h: { status: string }) => h.status)).toEqual([
    "INITIATED",
    "IN_PROGRESS",
    "SETTLEMENT_REQUESTED",
  ]);
});

test("an unknown payment link gets a friendly 404 page", async ({ page }) => {
  for (const id of ["3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01", "not-a-uuid"]) {
    const res = await page.goto(`/v1/transaction/${id}/authorize`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
  }
  const res = await page.goto("/pay/3f1c1b8e-8a55-4d7e-9d5c-2f1e4b9a7c01");
  expect(res?.status()).toBe(404);
});

test("a server-to-server transaction has no hosted page", async ({ page, api }) => {
  const t = await start(api, "bnpl", {});
  const res = await page.goto(`/v1/transaction/${t.id}/authorize`);
  expect(res?.status()).toBe(404);
  // Nor a dummy started with its outcome: its status is not the shopper's to pick.
  const dummy = await start(api, "dummy", { dummy_outcome: "PENDING", redirect_url: "https://shop.example/return" });
  expect(dummy.details.approval_url).toBeUndefined();
  for (const path of [`/v1/transaction/${dummy.id}/authorize`, `/pay/${dummy.id}`])
    expect((await page.goto(path))?.status(), path).toBe(404);
  expect((await api.get(`/v1/transaction/${dummy.id}`)).body.status).toBe("PENDING");
});
