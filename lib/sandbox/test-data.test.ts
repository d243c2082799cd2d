import { readFileSync } from "node:fs";
import cardValidator from "card-validator";
import { cnpj, cpf } from "cpf-cnpj-validator";
import { electronicFormatIBAN, extractIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import { detectBrand } from "@/lib/processors/card/rules";
import {
  BEHAVIOUR_CARDS,
  luhnValid,
  TEST_BICS,
  TEST_CARDS_BY_BRAND,
  TEST_CNPJS,
  TEST_CPFS,
  TEST_IBANS,
  TEST_VOUCHER_PINS,
} from "@/lib/sandbox/test-data";

const docs = readFileSync("docs/testing.md", "utf8");

describe("sandbox test data passes real checks", () => {
  it("cards: Luhn-valid and recognised as their brand by card-validator", () => {
    for (const { brand, number } of TEST_CARDS_BY_BRAND) {
      const v = cardValidator.number(number);
      expect(v.isValid, number).toBe(true);
      expect(v.card?.type, number).toBe(brand);
      expect(luhnValid(number)).toBe(true);
      // The hosted card form recognises it too (its brand label, the stored card_brand).
      expect(detectBrand(number), number).toBe(brand === "american-express" ? "amex" : brand);
    }
    for (const number of BEHAVIOUR_CARDS) expect(cardValidator.number(number).isValid, number).toBe(true);
  });

  it("every card number in docs/testing.md is valid", () => {
    const found = [...docs.matchAll(/`(\d{4}(?: \d{4,6}){2,3})`/g)].map((m) => m[1].replace(/ /g, ""));
    expect(found.length).toBeGreaterThanOrEqual(15);
    for (const n of found) expect(cardValidator.number(n).isValid, n).toBe(true);
  });

  it("IBANs: ibantools validates each, and each is for its country", () => {
    for (const [country, iban] of Object.entries(TEST_IBANS)) {
      expect(isValidIBAN(iban), iban).toBe(true);
      expect(extractIBAN(iban).countryCode).toBe(country);
    }
    const inDocs = [...docs.matchAll(/`([A-Z]{2}\d{2}[A-Z0-9]{10,30})`/g)].map((m) => m[1]);
    expect(inDocs.length).toBeGreaterThanOrEqual(Object.keys(TEST_IBANS).length);
    for (const iban of inDocs) expect(isValidIBAN(electronicFormatIBAN(iban) ?? ""), iban).toBe(true);
  });

  it("BICs: ibantools validates each", () => {
    for (const bic of TEST_BICS) expect(isValidBIC(bic), bic).toBe(true);
  });

  it("CPF and CNPJ: check digits verified by cpf-cnpj-validator", () => {
    for (const v of TEST_CPFS) expect(cpf.isValid(v), v).toBe(true);
    for (const v of TEST_CNPJS) expect(cnpj.isValid(v), v).toBe(true);
    // and a one-digit change is refused (the check can fail)
    expect(cpf.isValid("529.982.247-26")).toBe(false);
    expect(cnpj.isValid("11.222.333/0001-82")).toBe(false);
    for (const v of [...TEST_CPFS, ...TEST_CNPJS]) expect(docs).toContain(v);
  });

  it("voucher PINs: 16 digits with a Luhn check digit (the fast-luhn-free reference: card-validator's luhn)", () => {
    for (const pin of [...TEST_VOUCHER_PINS.paid, ...TEST_VOUCHER_PINS.low_balance]) {
      expect(pin).toMatch(/^\d{16}$/);
      expect(luhnValid(pin), pin).toBe(true);
      expect(docs).toContain(pin);
    }
    for (const pin of TEST_VOUCHER_PINS.low_balance) expect(pin.endsWith("0000")).toBe(true);
    expect(luhnValid("0100123456789015")).toBe(false);
  });
});
