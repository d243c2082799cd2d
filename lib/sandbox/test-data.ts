/**
 * Sandbox test values that pass the checks their schemes define (docs/testing.md lists them;
 * lib/sandbox/test-data.test.ts proves each with the libraries that check them). Merchants' own
 * validation (Luhn, IBAN mod-97, BIC format, CPF/CNPJ check digits) accepts them, so a test
 * payment is never stopped by the merchant's form before it reaches Payrail.
 */

/** Cards per brand that the sandbox approves (any future expiry, any name). */
export const TEST_CARDS_BY_BRAND = [
  { brand: "visa", number: "4111111111111111" },
  { brand: "visa", number: "4242424242424242" },
  { brand: "mastercard", number: "5555555555554444" },
  { brand: "mastercard", number: "2223003122003222" },
  { brand: "american-express", number: "378282246310005" },
  { brand: "discover", number: "6011111111111117" },
  { brand: "diners-club", number: "36227206271667" },
  { brand: "jcb", number: "3530111333300000" },
  { brand: "maestro", number: "6759649826438453" },
  { brand: "unionpay", number: "6200000000000005" },
] as const;

/** The cards with a behaviour (docs/testing.md, "Test cards"). */
export const BEHAVIOUR_CARDS = [
  "4000000000003220",
  "4000000000000002",
  "4000000000009995",
  "4100000000000019",
  "4000000000000119",
  "4000000000000069",
] as const;

/** One valid IBAN per country (ISO 13616 mod-97 check digits; national check digits where defined). */
export const TEST_IBANS = {
  NL: "NL91ABNA0417164300",
  DE: "DE89370400440532013000",
  BE: "BE68539007547034",
  FR: "FR1420041010050500013M02606",
  ES: "ES9121000418450200051332",
  IT: "IT60X0542811101000000123456",
  AT: "AT611904300234573201",
  PT: "PT50000201231234567890154",
  IE: "IE29AIBK93115212345678",
  LU: "LU280019400644750000",
  FI: "FI2112345600000785",
  CH: "CH9300762011623852957",
  GB: "GB29NWBK60161331926819",
} as const;

/** BICs (ISO 9362) of real banks, matching the IBANs' countries where it matters. */
export const TEST_BICS = [
  "ABNANL2A",
  "INGBNL2A",
  "DEUTDEFF",
  "COBADEFFXXX",
  "GEBABEBB",
  "BNPAFRPP",
  "NWBKGB2L",
] as const;

/** Brazilian tax ids (PIX): CPF (people) and CNPJ (companies), with valid check digits. */
export const TEST_CPFS = ["529.982.247-25", "111.444.777-35", "390.533.447-05"] as const;
export const TEST_CNPJS = ["11.222.333/0001-81", "45.997.418/0001-53"] as const;

/**
 * Prepaid voucher PINs: 16 digits whose last digit is a Luhn check digit. A PIN ending in 0000
 * has too low a balance (DECLINED).
 */
export const TEST_VOUCHER_PINS = {
  paid: ["0100123456789014", "0100987654321014"],
  low_balance: ["0100000000090000"],
} as const;

/** Luhn (ISO/IEC 7812-1) check: cards and voucher PINs. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }

  return sum % 10 === 0;
}
