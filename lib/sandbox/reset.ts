import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/prisma";

/** A seeded organisation holds tens of thousands of rows: give the one database transaction time. */
const RESET_TRANSACTION = { timeout: 120_000, maxWait: 10_000 };

export type ResetCounts = {
  transactions: number;
  customers: number;
  mandates: number;
  events: number;
  attempts: number;
  idempotency_keys: number;
  card_tokens: number;
};

/**
 * Empties the organisation's sandbox: transactions (with their history, refunds, webhook events
 * and attempts), customers, SEPA mandates, vaulted cards and idempotency records. Payment
 * profiles, API keys and dashboard users stay. Pending timers and deliveries of the deleted rows
 * find nothing when they run and end quietly. Answers what was deleted.
 */
export async function resetOrganisation(organisationId: string): Promise<ResetCounts> {
  return db().$transaction(async (tx) => {
    const [{ events, attempts }] = await tx.$queryRaw<{ events: number; attempts: number }[]>`
      select
        (select count(*)::int from webhook_events e join transactions t on t.id = e."transactionId"
          where t."organisationId" = ${organisationId}::uuid) as events,
        (select count(*)::int from webhook_attempts a join webhook_events e on e.id = a."eventId"
          join transactions t on t.id = e."transactionId" where t."organisationId" = ${organisationId}::uuid) as attempts`;
    // Children first, set-based: the cascades of the transactions' delete then find nothing to do.
    await tx.$executeRaw`delete from webhook_attempts a using webhook_events e, transactions t
      where a."eventId" = e.id and e."transactionId" = t.id and t."organisationId" = ${organisationId}::uuid`;
    for (const table of ["webhook_events", "transaction_history", "refunds", "card_challenges"] as const) {
      // The table name is one of ours (above), never input; the organisation is a parameter.
      await tx.$executeRaw`delete from ${Prisma.raw(table)} where "transactionId" in
        (select id from transactions where "organisationId" = ${organisationId}::uuid)`;
    }
    const transactions = await tx.transaction.deleteMany({ where: { organisationId } });
    const mandates = await tx.sepaMandate.deleteMany({ where: { organisationId } });
    const customers = await tx.customer.deleteMany({ where: { organisationId } });
    const idempotency = await tx.idempotencyKey.deleteMany({ where: { organisationId } });
    const cards = await tx.cardToken.deleteMany({ where: { organisationId } });

    return {
      transactions: transactions.count,
      customers: customers.count,
      mandates: mandates.count,
      events,
      attempts,
      idempotency_keys: idempotency.count,
      card_tokens: cards.count,
    };
  }, RESET_TRANSACTION);
}
