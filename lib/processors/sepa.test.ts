import { describe, expect, it } from "vitest";
import { sepaProcessor, sepaSettlementWaitDays } from "@/lib/processors/sepa";
import {
  apiError,
  CUSTOMER_ID,
  detailsErrors,
  fakeClient,
  invalidOf,
  NOW,
  ORGANISATION_ID,
  outcomeWith,
  startWith,
  type FakeStore,
  type MandateRow,
} from "@/lib/processors/test-support";

const redirect_url = "https://shop.example/return";
const sender = {
  account_number: "NL91 ABNA 0417 1643 00",
  bank_code: "ABNANL2A",
  country_code: "NL",
  holder_name: "Jan Jansen",
};
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const mandate = (row: Partial<MandateRow>): MandateRow => ({
  id: crypto.randomUUID(),
  organisationId: ORGANISATION_ID,
  customerId: CUSTOMER_ID,
  reference: "MANDATE-1",
  iban: "NL91ABNA0417164300",
  bic: "",
  holderName: "Jan Jansen",
  createdAt: new Date("2026-01-01T00:00:00Z"),
  revokedAt: null,
  ...row,
});
const storeWith = (...mandates: MandateRow[]): FakeStore => ({ mandates, cardTokens: [] });

describe("sepa details", () => {
  it("validates sender entries: IBAN, BIC, country, holder", () => {
    expect(detailsErrors(sepaProcessor, { redirect_url, sender: [sender] })).toBeNull();
    expect(sepaProcessor.detailsSchema.parse({ sender: [sender] }).sender?.[0].account_number).toBe(
      "NL91ABNA0417164300",
    );
    expect(detailsErrors(sepaProcessor, { sender: [{ ...sender, bank_code: undefined }] })).toBeNull();
    expect(
      detailsErrors(sepaProcessor, {
        sender: [
          {
            account_number: "NL91 ABNA 0417 1643 01",
            bank_code: "ABN",
            country_code: "XX",
            holder_name: "h".repeat(71),
          },
        ],
      }),
    ).toEqual({
      "details.sender.0.account_number": "Not a valid IBAN",
      "details.sender.0.bank_code": "Not a valid BIC",
      "details.sender.0.country_code": "Not an ISO 3166-1 country code",
      "details.sender.0.holder_name": "At most 70 characters",
    });
    expect(detailsErrors(sepaProcessor, { sender: [{ ...sender, holder_name: undefined }] })).toEqual({
      "details.sender.0.holder_name": "Required",
    });
    expect(detailsErrors(sepaProcessor, { sender: [{ ...sender, iban: "x" }] })).toEqual({
      "details.sender.0.iban": "Unknown field",
    });
  });

  it("takes 1 to 5 senders", () => {
    expect(detailsErrors(sepaProcessor, { sender: [] })).toEqual({ "details.sender": "At least 1 sender" });
    expect(detailsErrors(sepaProcessor, { sender: Array(5).fill(sender) })).toBeNull();
    expect(detailsErrors(sepaProcessor, { sender: Array(6).fill(sender) })).toEqual({
      "details.sender": "At most 5 senders",
    });
  });

  it("validates the mandate reference", () => {
    for (const reference of ["MANDATE-1", "a+b?c/d:e(f).g,h'i j", "x".repeat(35)]) {
      expect(detailsErrors(sepaProcessor, { mandate: reference })).toBeNull();
    }
    for (const reference of ["", "x".repeat(36), "mandate_1", "mandaté", "a;b"]) {
      expect(detailsErrors(sepaProcessor, { mandate: reference })).toHaveProperty(["details.mandate"]);
    }
  });

  it("takes a sepa_due_date of today or later", () => {
    expect(detailsErrors(sepaProcessor, { sepa_due_date: isoDay(0) })).toBeNull();
    expect(detailsErrors(sepaProcessor, { sepa_due_date: isoDay(30) })).toBeNull();
    expect(detailsErrors(sepaProcessor, { sepa_due_date: isoDay(-1) })).toEqual({
      "details.sepa_due_date": "Must not be in the past",
    });
    expect(detailsErrors(sepaProcessor, { sepa_due_date: "2030-02-30" })).toEqual({
      "details.sepa_due_date": "Not a calendar date",
    });
    expect(detailsErrors(sepaProcessor, { sepa_due_date: "30.01.2030" })).toHaveProperty(["details.sepa_due_date"]);
  });
});

describe("sepa start", () => {
  it("reuses the customer's newest valid mandate and charges server to server", async () => {
    const client = fakeClient(
      storeWith(
        mandate({ reference: "OLD", createdAt: new Date("2025-01-01T00:00:00Z") }),
        mandate({ reference: "NEW", createdAt: new Date("2026-01-01T00:00:00Z") }),
        mandate({
          reference: "REVOKED",
          createdAt: new Date("2026-06-01T00:00:00Z"),
          revokedAt: new Date("2026-07-01T00:00:00Z"),
        }),
      ),
    );
    const result = await startWith(sepaProcessor, {}, { client });
    expect(result).toMatchObject({
      status: "SETTLEMENT_REQUESTED",
      needsApproval: false,
      details: { mandate: "NEW", mandate_reused: true },
    });
  });

  it("with sender given, reuses only a mandate for one of the sender's accounts (a new account signs its own)", async () => {
    const client = fakeClient(
      storeWith(
        mandate({ reference: "NL", iban: "NL91ABNA0417164300", createdAt: new Date("2025-01-01T00:00:00Z") }),
        mandate({ reference: "DE", iban: "DE89370400440532013000", createdAt: new Date("2026-01-01T00:00:00Z") }),
      ),
    );
    const nl = await startWith(sepaProcessor, { redirect_url, sender: [sender] }, { client });
    expect(nl.details).toMatchObject({ mandate: "NL", mandate_reused: true });
    const fr = {
      ...sender,
      account_number: "FR14 2004 1010 0505 0001 3M02 606",
      bank_code: undefined,
      country_code: "FR",
    };
    const other = await startWith(sepaProcessor, { redirect_url, sender: [fr] }, { client });
    expect(other).toMatchObject({ status: "INITIATED", needsApproval: true, details: { mandate_reused: false } });
    const second = await startWith(sepaProcessor, { redirect_url, sender: [fr, sender] }, { client });
    expect(second.details).toMatchObject({ mandate: "NL", mandate_reused: true });
    // A named mandate for another account than the sender's is refused, not reused.
    const named = await apiError(() =>
      startWith(sepaProcessor, { redirect_url, mandate: "DE", sender: [sender] }, { client }),
    );
    expect(invalidOf(named)).toEqual({
      "details.mandate": "Refers to a mandate for another account than the sender's",
    });
  });

  it("reuses the named mandate", async () => {
    const client = fakeClient(
      storeWith(
        mandate({ reference: "OLD", createdAt: new Date("2025-01-01T00:00:00Z") }),
        mandate({ reference: "NEW" }),
      ),
    );
    const result = await startWith(sepaProcessor, { mandate: "OLD" }, { client });
    expect(result.details).toMatchObject({ mandate: "OLD", mandate_reused: true });
  });

  it.each([
    [1051, "DECLINED"],
    [1052, "FAILED"],
    [1053, "UNKNOWN"],
  ] as const)("a reused mandate with amount %i gives %s", async (amount, status) => {
    const result = await startWith(sepaProcessor, {}, { client: fakeClient(storeWith(mandate({}))), amount });
    expect(result.status).toBe(status);
  });

  it("without a valid mandate asks for one at approval_url", async () => {
    const otherCustomer = mandate({ customerId: "99999999-9999-4999-8999-999999999999", reference: "THEIRS" });
    const otherOrganisation = mandate({
      organisationId: "88888888-8888-4888-8888-888888888888",
      reference: "ELSEWHERE",
    });
    for (const client of [
      fakeClient(),
      fakeClient(storeWith(otherCustomer, otherOrganisation, mandate({ revokedAt: NOW }))),
    ]) {
      const result = await startWith(sepaProcessor, { redirect_url, sender: [sender] }, { client });
      expect(result).toMatchObject({ status: "INITIATED", needsApproval: true, details: { mandate_reused: false } });
      expect(result.details).not.toHaveProperty("mandate");
    }
    expect(sepaProcessor.approvalPage).toBe("sepa_mandate");
    const error = await apiError(() => startWith(sepaProcessor, {}));
    expect(invalidOf(error)).toEqual({ "details.redirect_url": "Required when the shopper must approve the payment" });
  });

  it("refuses a mandate reference that is revoked or another customer's", async () => {
    const client = fakeClient(
      storeWith(
        mandate({ reference: "REVOKED", revokedAt: NOW }),
        mandate({ reference: "THEIRS", customerId: "99999999-9999-4999-8999-999999999999" }),
      ),
    );
    for (const reference of ["REVOKED", "THEIRS"]) {
      const error = await apiError(() => startWith(sepaProcessor, { redirect_url, mandate: reference }, { client }));
      expect(invalidOf(error)).toHaveProperty(["details.mandate"]);
    }
  });
});

describe("sepa mandate page", () => {
  it("sign creates the mandate with a generated reference", async () => {
    const store = storeWith();
    const result = await outcomeWith(sepaProcessor, {
      outcome: "sign",
      form: {
        iban: "de89 3704 0044 0532 0130 00",
        holder_name: " Max Mustermann ",
        bic: "cobadeffxxx",
        consent: "yes",
      },
      details: { mandate_reused: false },
      client: fakeClient(store),
    });
    expect(result.status).toBe("SETTLEMENT_REQUESTED");
    expect(result.details).toEqual({ mandate: expect.stringMatching(/^PRL-[A-Z0-9]{12}$/), mandate_reused: false });
    expect(store.mandates).toHaveLength(1);
    expect(store.mandates[0]).toMatchObject({
      organisationId: ORGANISATION_ID,
      customerId: CUSTOMER_ID,
      reference: (result.details as { mandate: string }).mandate,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      holderName: "Max Mustermann",
      revokedAt: null,
    });
    expect(store.mandates[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sign uses details.mandate as the reference; without a BIC the mandate has none", async () => {
    const store = storeWith();
    const result = await outcomeWith(sepaProcessor, {
      outcome: "sign",
      form: { iban: "NL91ABNA0417164300", holder_name: "Jan", bic: " ", consent: "yes" },
      details: { mandate: "MY-REF-1" },
      client: fakeClient(store),
    });
    expect(result.details).toEqual({ mandate: "MY-REF-1", mandate_reused: false });
    expect(store.mandates[0]).toMatchObject({ reference: "MY-REF-1", bic: "" });
  });

  it("sign requires a valid IBAN, a holder name, the consent, and a valid BIC when one is given", async () => {
    let error = await apiError(() => outcomeWith(sepaProcessor, { outcome: "sign", form: {} }));
    expect(invalidOf(error)).toEqual({
      iban: "Enter your IBAN",
      holder_name: "Enter the account holder's name",
      consent: "Tick the box to authorise the direct debit",
    });
    error = await apiError(() =>
      outcomeWith(sepaProcessor, {
        outcome: "sign",
        form: { iban: "DE89 3704 0044 0532 0130 01", holder_name: "Max", consent: "yes" },
      }),
    );
    expect(invalidOf(error)).toEqual({ iban: "This IBAN is not valid: check it" });
    // Everything right but the box: no mandate, nothing signed.
    const store = storeWith();
    error = await apiError(() =>
      outcomeWith(sepaProcessor, {
        outcome: "sign",
        form: { iban: "NL91ABNA0417164300", holder_name: "Jan" },
        client: fakeClient(store),
      }),
    );
    expect(invalidOf(error)).toEqual({ consent: "Tick the box to authorise the direct debit" });
    expect(store.mandates).toHaveLength(0);
    error = await apiError(() =>
      outcomeWith(sepaProcessor, {
        outcome: "sign",
        form: { iban: "NL91ABNA0417164300", holder_name: "Jan", bic: "nonsense", consent: "yes" },
      }),
    );
    expect(invalidOf(error)).toEqual({ bic: "This BIC is not valid: check it, or leave it empty" });
  });

  it("a reference signed meanwhile by this customer is reused; anyone else's fails the transaction", async () => {
    const mine = fakeClient(storeWith(mandate({ reference: "MY-REF-1" })));
    const form = { iban: "NL91ABNA0417164300", holder_name: "Jan", consent: "yes" };
    expect(
      (await outcomeWith(sepaProcessor, { outcome: "sign", form, details: { mandate: "MY-REF-1" }, client: mine }))
        .status,
    ).toBe("SETTLEMENT_REQUESTED");
    const theirs = fakeClient(
      storeWith(mandate({ reference: "MY-REF-1", customerId: "99999999-9999-4999-8999-999999999999" })),
    );
    expect(
      (await outcomeWith(sepaProcessor, { outcome: "sign", form, details: { mandate: "MY-REF-1" }, client: theirs }))
        .status,
    ).toBe("FAILED");
  });

  it.each([
    ["decline", "DECLINED"],
    ["cancel", "CANCELLED"],
  ] as const)("%s gives %s", async (outcome, status) => {
    expect((await outcomeWith(sepaProcessor, { outcome })).status).toBe(status);
  });

  it("refuses approve (the page signs)", async () => {
    expect(invalidOf(await apiError(() => outcomeWith(sepaProcessor, { outcome: "approve" })))).toEqual({
      outcome: "Unknown outcome",
    });
  });
});

describe("sepa settlement wait", () => {
  it("waits until sepa_due_date, at least one day", () => {
    expect(sepaSettlementWaitDays({}, NOW)).toBe(1);
    expect(sepaSettlementWaitDays({ sepa_due_date: "2026-11-22" }, NOW)).toBe(1);
    expect(sepaSettlementWaitDays({ sepa_due_date: "2026-11-25" }, NOW)).toBe(3);
    expect(sepaSettlementWaitDays({ sepa_due_date: "2026-10-01" }, NOW)).toBe(1);
  });
});
