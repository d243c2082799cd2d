import { detectBrand } from "@/lib/processors/card/rules";
import { encryptCardNumber } from "@/lib/processors/card/vault";
import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { invalidFields } from "@/lib/errors/validation";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DecidedOutcome, OutcomeInput, Processor, StartResult } from "@/lib/processors/types";

// Unit-test stand-ins. The database paths themselves are covered by the Playwright tests.

export const NOW = new Date("2026-11-22T07:53:11.123Z");
export const ORGANISATION_ID = "0b9a9a52-5a43-4c3a-9d1f-6a8f0c2f1e01";
export const CUSTOMER_ID = "6f1c2e4d-8a7b-4c3d-9e2f-1a2b3c4d5e6f";

export type MandateRow = {
  id: string;
  organisationId: string;
  customerId: string;
  reference: string;
  iban: string;
  bic: string;
  holderName: string;
  createdAt: Date;
  revokedAt: Date | null;
};

/** A vaulted card; `number` (default a successful test card) is sealed with the real vault. */
export type CardTokenRow = {
  organisationId: string;
  token: string;
  expiryMonth: number;
  expiryYear: number;
  holder: string;
  number?: string;
};

const sealed = (row: CardTokenRow) => {
  const number = row.number ?? "4111111111111111";
  return {
    ...row,
    encryptedNumber: encryptCardNumber(number, row.token),
    bin: number.slice(0, 6),
    lastFour: number.slice(-4),
    brand: detectBrand(number),
  };
};

export type FakeStore = { mandates: MandateRow[]; cardTokens: CardTokenRow[] };

const matches = (where: Record<string, unknown>) => (row: object) =>
  Object.entries(where).every(([key, value]) => (row as Record<string, unknown>)[key] === value);

// The few Prisma methods the processors use, over arrays.
export function fakeClient(store: FakeStore = { mandates: [], cardTokens: [] }): Prisma.TransactionClient {
  const client = {
    sepaMandate: {
      findFirst: async ({ where }: { where: Record<string, unknown> }) =>
        store.mandates.filter(matches(where)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null,
      create: async ({ data }: { data: Omit<MandateRow, "createdAt" | "revokedAt" | "bic"> & Partial<MandateRow> }) => {
        if (store.mandates.some((m) => m.organisationId === data.organisationId && m.reference === data.reference)) {
          throw new Error("Unique constraint failed on (organisationId, reference)");
        }
        const row: MandateRow = { bic: "", createdAt: new Date(), revokedAt: null, ...data };
        store.mandates.push(row);
        return row;
      },
    },
    cardToken: {
      findFirst: async ({ where }: { where: Record<string, unknown> }) => {
        const row = store.cardTokens.find(matches(where));
        return row ? sealed(row) : null;
      },
    },
  };
  return client as unknown as Prisma.TransactionClient;
}

// Parses `details` like the start endpoint does, throwing the 101 it would answer.
export function parseDetails(processor: Processor, details: unknown): unknown {
  const parsed = (processor.detailsSchema as z.ZodType).safeParse(details);
  if (!parsed.success) throw ApiError.validation("transaction", invalidFields(parsed.error, "details"));
  return parsed.data;
}

// `invalid_fields` of a details object the schema rejects, or null when it accepts it.
export function detailsErrors(processor: Processor, details: unknown): Record<string, string> | null {
  const parsed = (processor.detailsSchema as z.ZodType).safeParse(details);
  return parsed.success ? null : invalidFields(parsed.error, "details");
}

export type StartOptions = { amount?: number; client?: Prisma.TransactionClient; now?: Date };

export function startWith(
  processor: Processor,
  details: unknown,
  { amount = 1000, client = fakeClient(), now = NOW }: StartOptions = {},
): Promise<StartResult> {
  return Promise.resolve().then(() =>
    processor.start({
      details: parseDetails(processor, details),
      transactionId: "7d3f0c1e-2b4a-4e5f-8a9b-0c1d2e3f4a5b",
      organisationId: ORGANISATION_ID,
      customerId: CUSTOMER_ID,
      amount,
      client,
      now,
    }),
  );
}

/** A processor's decided outcome (fails when the flow continues on another page instead). */
export async function outcomeWith(
  processor: Processor,
  input: Partial<OutcomeInput> & { outcome: string },
): Promise<DecidedOutcome> {
  if (!processor.applyOutcome) throw new Error(`${processor.product} has no applyOutcome`);
  const result = await processor.applyOutcome({
    transactionId: "00000000-0000-4000-8000-000000000001",
    form: {},
    details: {},
    amount: 1000,
    organisationId: ORGANISATION_ID,
    customerId: CUSTOMER_ID,
    client: fakeClient(),
    now: NOW,
    ...input,
  });
  if ("continueAt" in result) throw new Error(`the flow continues at ${result.continueAt}`);
  return result;
}

// The ApiError a call throws or rejects with (fails when it does not).
export async function apiError(run: () => unknown): Promise<ApiError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("Expected an ApiError, but nothing was thrown");
}

export const invalidOf = (error: ApiError) => error.details?.invalid_fields as Record<string, string> | undefined;
