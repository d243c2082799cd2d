import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/prisma";
import { PAYMENT_PRODUCTS, type ProductId } from "@/lib/domain/products";
import type { TransactionStatus } from "@/lib/domain/statuses";
import { ApiError } from "@/lib/errors/api-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { ISSUERS } from "@/lib/processors/bank-selection";
import { DUMMY_ISSUER } from "@/lib/processors/dummy";
import { isUuid } from "@/lib/schemas/common";
import { TEST_BICS, TEST_CARDS_BY_BRAND, TEST_CPFS, TEST_IBANS } from "@/lib/sandbox/test-data";
import { eventBody, transactionEventPayload } from "@/lib/webhooks/outbox";

export type SeedOptions = { organisationId: string; transactions: number; days?: number; random?: () => number };
export type SeedResult = {
  organisation: string;
  payment_profile: string;
  customers: number;
  transactions: number;
  history: number;
  refunds: number;
  events: number;
  ms: number;
};

const DAY = 24 * 3600_000;
const CHUNK = 5_000;

/**
 * Multi-row INSERT of plain objects, CHUNK rows per statement: the rows travel as one JSON
 * parameter that PostgreSQL expands (json_populate_recordset), so 10,000 transactions with their
 * history and events take a few statements instead of tens of thousands. Columns left out get
 * their defaults. The table and column names are ours (never input).
 */
async function insertRows(tx: Prisma.TransactionClient, table: string, rows: object[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0])
    .map((c) => `"${c}"`)
    .join(", ");
  for (let i = 0; i < rows.length; i += CHUNK) {
    const batch = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.$executeRaw`insert into ${Prisma.raw(table)} (${Prisma.raw(columns)})
      select ${Prisma.raw(columns)} from json_populate_recordset(null::${Prisma.raw(table)}, ${batch}::json)`;
  }
}
const FIRST = [
  "Ada",
  "Alan",
  "Grace",
  "Edsger",
  "Barbara",
  "Donald",
  "Frances",
  "Ken",
  "Radia",
  "Tim",
  "Sophie",
  "Joao",
];
const LAST = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Dijkstra",
  "Liskov",
  "Knuth",
  "Allen",
  "Thompson",
  "Perlman",
  "Berners-Lee",
];
const CITIES: [string, string, string][] = [
  ["Amsterdam", "NL", "1012 LG"],
  ["Berlin", "DE", "10117"],
  ["Brussels", "BE", "1000"],
  ["Paris", "FR", "75001"],
  ["Madrid", "ES", "28013"],
  ["Lisbon", "PT", "1100-148"],
  ["São Paulo", "BR", "01310-100"],
];
/** Products the shopper approves on a hosted page (IN_PROGRESS on the way); the rest decide server to server. */
const SERVER_TO_SERVER: ProductId[] = ["bnpl", "direct_debit"];

/** Final outcomes with their weights (most payments settle), and the paths that lead there. */
const FINAL: [TransactionStatus, number][] = [
  ["SETTLEMENT_COMPLETED", 70],
  ["DECLINED", 9],
  ["ABANDONED", 8],
  ["CANCELLED", 5],
  ["FAILED", 4],
  ["AUTHORIZATION_VOIDED", 4],
];
/** Open statuses, only in the last two days (a real sandbox moves them on). */
const OPEN: [TransactionStatus, number][] = [
  ["SETTLEMENT_REQUESTED", 40],
  ["INITIATED", 15],
  ["IN_PROGRESS", 10],
  ["PENDING", 10],
  ["AUTHORIZED", 15],
  ["UNKNOWN", 10],
];

const EVERY_STATUS = [...FINAL, ...OPEN].map(([s]) => s);

function pathTo(status: TransactionStatus, hosted: boolean, random: () => number): TransactionStatus[] {
  const start: TransactionStatus[] = hosted ? ["INITIATED", "IN_PROGRESS"] : ["INITIATED"];
  switch (status) {
    case "INITIATED":
      return ["INITIATED"];
    case "IN_PROGRESS":
      return ["INITIATED", "IN_PROGRESS"];
    case "PENDING":
      return [...start, "PENDING"];
    case "ABANDONED":
      return [...start, "ABANDONED"];
    case "AUTHORIZED":
      return [...start, "AUTHORIZED"];
    case "AUTHORIZATION_VOIDED":
      return [...start, "AUTHORIZED", "AUTHORIZATION_VOIDED"];
    case "SETTLEMENT_REQUESTED":
      return [...start, "SETTLEMENT_REQUESTED"];
    case "SETTLEMENT_COMPLETED":
      return [...start, "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED"];
    case "CANCELLED":
      return random() < 0.5 ? [...start, "CANCELLED"] : [...start, "SETTLEMENT_REQUESTED", "CANCELLED"];
    case "FAILED":
      // The rare real-world case: flagged after capture, before settlement.
      return random() < 0.5 ? [...start, "FAILED"] : [...start, "SETTLEMENT_REQUESTED", "FAILED"];
    default:
      return [...start, status];
  }
}

const REASONS: Partial<Record<TransactionStatus, string>> = {
  DECLINED: "Declined by the issuer",
  FAILED: "Flagged after capture",
  ABANDONED: "Not completed within 15 minutes",
  CANCELLED: "Cancelled by the shopper",
  SETTLEMENT_COMPLETED: "Settled",
  AUTHORIZATION_VOIDED: "Voided",
  UNKNOWN: "Processor error",
};

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function weighted<T>(items: [T, number][], random: () => number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

function detailsFor(product: ProductId, customer: { name: string; iban: string }, random: () => number) {
  const redirect = { redirect_url: "https://shop.example/return" };
  switch (product) {
    case "card": {
      const card = pick(TEST_CARDS_BY_BRAND, random);
      return { ...redirect, card_brand: card.brand, card_last_four: card.number.slice(-4) };
    }
    case "sepa":
      return {
        // As a start request sends it (spec 2.3): the IBAN is the account number.
        sender: [
          {
            account_number: customer.iban,
            bank_code: pick(TEST_BICS, random),
            country_code: customer.iban.slice(0, 2),
            holder_name: customer.name,
          },
        ],
        mandate: `PR-${randomUUID().slice(0, 8).toUpperCase()}`,
        mandate_reused: random() < 0.5,
      };
    case "direct_debit":
      return { account_type: "checking", bank_account: `ba_${customer.iban.slice(-8)}`, type: "single" };
    case "instant_payment":
      return { ...redirect, pix_name: customer.name, pix_key: pick(TEST_CPFS, random) };
    case "instant_transfer":
      return {
        ...redirect,
        sender: {
          country_code: customer.iban.slice(0, 2),
          iban: customer.iban,
          bic: pick(TEST_BICS, random),
          bank_name: "",
          bank_code: customer.iban.slice(4, 8),
          account_number: customer.iban.slice(-10),
          holder: customer.name,
        },
      };
    case "bank_selection":
      return {
        ...redirect,
        issuer: pick(
          ISSUERS.map((i) => i.id),
          random,
        ),
      };
    case "dummy":
      return { ...redirect, issuer: DUMMY_ISSUER };
    case "online_wallet":
      return { ...redirect, description: "Order from the demo history" };
    default:
      return product === "bnpl" ? {} : redirect;
  }
}

/**
 * Realistic history for demos and dashboards: customers, and transactions over the last `days`
 * days across every product and status, with their status history, refunds, webhook events and
 * delivery attempts, written with multi-row INSERTs in chunks (10,000 transactions in seconds).
 * Nothing is scheduled: seeded transactions have no timers and no pending deliveries.
 */
export async function seedOrganisation({
  organisationId,
  transactions: count,
  days = 30,
  random = Math.random,
}: SeedOptions): Promise<SeedResult> {
  const t0 = Date.now();
  if (!Number.isInteger(count) || count < 1 || count > 200_000)
    throw ApiError.validation("seed", { transactions: "Expected a whole number from 1 to 200000" });
  const profile = isUuid(organisationId)
    ? await db().paymentProfile.findFirst({ where: { organisationId }, orderBy: { createdAt: "asc" } })
    : null;
  if (!profile) throw ApiError.notFound("organisation", organisationId);
  const url = profile.webhookTransactionUpdate;
  const now = Date.now();
  const ibans = Object.values(TEST_IBANS);

  const customers: Prisma.CustomerCreateManyInput[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(count / 4)); i++) {
    const first = pick(FIRST, random);
    const last = pick(LAST, random);
    const [city, countryCode, postalCode] = pick(CITIES, random);
    const at = new Date(now - days * DAY - random() * DAY);
    customers.push({
      id: randomUUID(),
      organisationId,
      firstName: first,
      lastName: last,
      emailAddress: `${first}.${last}.${i}@example.com`.toLowerCase(),
      city,
      countryCode,
      postalCode,
      createdAt: at,
      lastStatusUpdate: at,
    });
  }

  const txs: Prisma.TransactionCreateManyInput[] = [];
  const history: Prisma.TransactionHistoryCreateManyInput[] = [];
  const refunds: Prisma.RefundCreateManyInput[] = [];
  const events: Prisma.WebhookEventCreateManyInput[] = [];
  const attempts: Prisma.WebhookAttemptCreateManyInput[] = [];
  for (let i = 0; i < count; i++) {
    const customer = pick(customers, random);
    const product = PAYMENT_PRODUCTS[i % PAYMENT_PRODUCTS.length];
    // The first few cover every status once, so even a small seed shows them all.
    const covering = i < EVERY_STATUS.length ? EVERY_STATUS[i] : undefined;
    const ageMs = random() * (covering ? DAY : days * DAY);
    const createdAt = new Date(now - ageMs);
    const status = covering ?? (ageMs < 2 * DAY && random() < 0.3 ? weighted(OPEN, random) : weighted(FINAL, random));
    const steps = pathTo(status, !SERVER_TO_SERVER.includes(product), random);
    // Even cents, like the demo store's prices: the card leak test's odd security codes never match one.
    const amount = 2 * Math.round(250 + random() * 12_500);
    const id = randomUUID();
    const times: number[] = [createdAt.getTime()];
    for (let n = 1; n < steps.length; n++)
      times.push(times[n - 1] + 1_000 + Math.floor(random() * (n === 3 ? 60 : 5) * 60_000));
    const last = new Date(Math.min(times[times.length - 1], now));
    const name = `${customer.firstName} ${customer.lastName}`;
    const reference = `ORD-${createdAt.toISOString().slice(0, 10).replace(/-/g, "")}-${String(i).padStart(5, "0")}`;
    const t = {
      id,
      organisationId,
      paymentProfileId: profile.id,
      customerId: customer.id as string,
      amount,
      capturedAmount: steps.includes("SETTLEMENT_REQUESTED") ? amount : null,
      paymentProduct: product,
      merchantReference: reference,
      dynamicDescriptor: "Payrail demo",
      details: detailsFor(product, { name, iban: pick(ibans, random) }, random),
      status,
      statusReason: REASONS[status] ?? "",
      createdAt,
      lastStatusUpdate: last,
    };
    txs.push(t);
    steps.forEach((to, n) => {
      const changedAt = new Date(Math.min(times[n], now));
      history.push({
        transactionId: id,
        fromStatus: n === 0 ? null : steps[n - 1],
        toStatus: to,
        reason: n === steps.length - 1 ? t.statusReason : "",
        actor: n === 0 ? "api" : to === "IN_PROGRESS" ? "shopper" : to === "SETTLEMENT_COMPLETED" ? "timer" : "api",
        createdAt: changedAt,
      });
      if (n === 0) return; // no webhook for a transaction created INITIATED
      const eventId = randomUUID();
      const payload = transactionEventPayload({
        id,
        status: to,
        statusReason: n === steps.length - 1 ? t.statusReason : "",
        amount,
        merchantReference: reference,
        lastStatusUpdate: changedAt,
      });
      events.push({
        id: eventId,
        transactionId: id,
        type: "transaction",
        payload: JSON.parse(eventBody(payload)),
        createdAt: changedAt,
        targetUrl: url,
        status: url ? "delivered" : "skipped",
        attempts: url ? 1 : 0,
        deliveredAt: url ? new Date(changedAt.getTime() + 120) : null,
      });
      if (url)
        attempts.push({
          eventId,
          attemptNumber: 1,
          trigger: "schedule",
          url,
          startedAt: new Date(changedAt.getTime() + 20),
          durationMs: 20 + Math.floor(random() * 200),
          statusCode: 200,
          responseExcerpt: '{"received":true}',
        });
    });
    if (status === "SETTLEMENT_COMPLETED" && random() < 0.08) {
      const refundAt = new Date(Math.min(last.getTime() + DAY * random(), now));
      refunds.push({
        id: randomUUID(),
        transactionId: id,
        amount: random() < 0.5 ? amount : Math.max(2, 2 * Math.floor(amount / 4)),
        reason: "Returned by the customer",
        status: "PROCESSED",
        createdAt: refundAt,
        lastStatusUpdate: refundAt,
      });
    }
  }

  await db().$transaction(
    async (tx) => {
      await insertRows(tx, "customers", customers);
      await insertRows(tx, "transactions", txs);
      await insertRows(tx, "transaction_history", history);
      await insertRows(tx, "refunds", refunds);
      await insertRows(tx, "webhook_events", events);
      await insertRows(tx, "webhook_attempts", attempts);
    },
    { timeout: 300_000, maxWait: 10_000 },
  );

  return {
    organisation: organisationId,
    payment_profile: profile.id,
    customers: customers.length,
    transactions: txs.length,
    history: history.length,
    refunds: refunds.length,
    events: events.length,
    ms: Date.now() - t0,
  };
}
