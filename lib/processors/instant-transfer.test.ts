import { isValidBIC } from "ibantools";
import { describe, expect, it } from "vitest";
import {
  instantTransferProcessor,
  normalizeInstantTransferDescriptor,
  SANDBOX_SENDER_IBAN,
} from "@/lib/processors/instant-transfer";
import { apiError, invalidOf, outcomeWith, startWith } from "@/lib/processors/test-support";

const CHARSET = "Only letters, digits, space and + . , - are allowed";

describe("instant_transfer descriptor", () => {
  it.each([
    ["Grüße aus Köln", "Gruesse aus Koeln"],
    ["ÄÖÜ äöü ß", "AeOeUe aeoeue ss"],
    ["Order 42, cust 7", "Order 42, cust 7"],
    ["A+B.C-D,E", "A+B.C-D,E"],
    ["", ""],
    ["x".repeat(27), "x".repeat(27)],
    // 25 characters that grow to 27 by expansion.
    [`${"x".repeat(23)}ßü`, `${"x".repeat(23)}ssue`],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizeInstantTransferDescriptor(input)).toBe(expected);
    expect(instantTransferProcessor.normalizeDescriptor?.(input)).toBe(expected);
  });

  it.each([
    ["Müller & Söhne", CHARSET],
    ["Order #42", CHARSET],
    ["café", CHARSET],
    ["line\nbreak", CHARSET],
    ["under_score", CHARSET],
    ["x".repeat(28), "At most 27 characters"],
    // 26 characters that grow to 28 by expansion.
    [`${"x".repeat(24)}öü`, "At most 27 characters"],
  ])("refuses %j", async (input, reason) => {
    const error = await apiError(() => normalizeInstantTransferDescriptor(input));
    expect(error.code).toBe("101");
    expect(invalidOf(error)).toEqual({ dynamic_descriptor: reason });
  });
});

describe("instant_transfer start and bank login", () => {
  it("adds payment_product_type and processor, and waits for the bank login", async () => {
    const result = await startWith(instantTransferProcessor, { redirect_url: "https://shop.example/r" });
    expect(result).toMatchObject({
      status: "INITIATED",
      needsApproval: true,
      extraFields: { payment_product_type: "instant_transfer", processor: "instant_transfer" },
    });
    expect(instantTransferProcessor.approvalPage).toBe("bank_login");
  });

  it("approve returns the sender with every field a string", async () => {
    const result = await outcomeWith(instantTransferProcessor, {
      outcome: "approve",
      form: { holder: "Max Mustermann" },
    });
    expect(result.status).toBe("SETTLEMENT_REQUESTED");
    expect(result.details).toEqual({
      sender: {
        country_code: "DE",
        iban: SANDBOX_SENDER_IBAN,
        bic: "SBXBDEFFXXX",
        bank_name: "",
        bank_code: "37040044",
        account_number: "0532013000",
        holder: "Max Mustermann",
      },
    });
    const sender = (result.details as { sender: Record<string, unknown> }).sender;
    expect(isValidBIC(sender.bic as string)).toBe(true);
    for (const value of Object.values(sender)) expect(typeof value).toBe("string");
  });

  it("approve uses the shopper's IBAN when given", async () => {
    const result = await outcomeWith(instantTransferProcessor, {
      outcome: "approve",
      form: { holder: "Jan", iban: "nl91 abna 0417 1643 00" },
    });
    expect((result.details as { sender: Record<string, string> }).sender).toMatchObject({
      country_code: "NL",
      iban: "NL91ABNA0417164300",
      bic: "SBXBNLFFXXX",
      bank_code: "ABNA",
      account_number: "0417164300",
    });
    expect(isValidBIC("SBXBNLFFXXX")).toBe(true);
  });

  it("approve requires a holder and a valid IBAN", async () => {
    const error = await apiError(() =>
      outcomeWith(instantTransferProcessor, { outcome: "approve", form: { iban: "DE00 1234" } }),
    );
    expect(invalidOf(error)).toEqual({
      holder: "Enter the account holder's name",
      iban: "This IBAN is not valid: check it, or leave it empty",
    });
  });

  it.each([
    ["decline", "DECLINED"],
    ["cancel", "CANCELLED"],
  ] as const)("%s gives %s", async (outcome, status) => {
    expect((await outcomeWith(instantTransferProcessor, { outcome })).status).toBe(status);
  });
});
