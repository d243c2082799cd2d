import { createHash } from "node:crypto";
import { q } from "@/lib/db/pg";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * What a processor gets as `client` on the lean start (lib/transactions/start-lean.ts): the few
 * reads products make while deciding a start (a vaulted card by its token, the customer's SEPA
 * mandates), answered by plain pg with named statements and the same rows Prisma returns. These
 * reads need no database transaction: the write that follows is one statement, and what it
 * depends on (profile, customer) is checked inside it. Anything else a product might call (a
 * write, another model, a filter shape not listed here) throws NeedsDatabase, and the start is
 * redone through Prisma in an interactive transaction, exactly as before.
 */
export class NeedsDatabase extends Error {}

type Model = { table: string; columns: Record<string, "uuid" | "text" | "timestamp"> };

/** The models and columns the lean reads may filter and order on (equality and `null` only). */
const MODELS: Record<string, Model> = {
  cardToken: { table: "card_tokens", columns: { id: "uuid", token: "text", organisationId: "uuid" } },
  sepaMandate: {
    table: "sepa_mandates",
    columns: {
      id: "uuid",
      organisationId: "uuid",
      customerId: "uuid",
      reference: "text",
      iban: "text",
      revokedAt: "timestamp",
      createdAt: "timestamp",
    },
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type FindFirstArgs = { where?: Record<string, unknown>; orderBy?: Record<string, unknown>; [k: string]: unknown };

/** `findFirst` for `model`, or NeedsDatabase for any argument it does not translate as Prisma would. */
async function findFirst(model: Model, args: FindFirstArgs): Promise<unknown> {
  const { where = {}, orderBy, ...rest } = args ?? {};
  if (Object.keys(rest).length) throw new NeedsDatabase();
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const [column, value] of Object.entries(where)) {
    const type = Object.hasOwn(model.columns, column) ? model.columns[column] : undefined;
    if (!type) throw new NeedsDatabase();
    if (value === undefined) continue;
    if (value === null) {
      conditions.push(`"${column}" is null`);
    } else if (typeof value === "string" && type !== "timestamp" && (type === "text" || UUID.test(value))) {
      values.push(value);
      conditions.push(`"${column}" = $${values.length}::${type}`);
    } else throw new NeedsDatabase();
  }
  let order = "";
  if (orderBy !== undefined) {
    const entries = Object.entries(orderBy);
    const [column, direction] = entries[0] ?? [];
    if (entries.length !== 1 || !Object.hasOwn(model.columns, column) || (direction !== "asc" && direction !== "desc"))
      throw new NeedsDatabase();
    order = ` order by "${column}" ${direction}`;
  }
  const text = `select * from ${model.table}${conditions.length ? ` where ${conditions.join(" and ")}` : ""}${order} limit 1`;
  // Statement names are cut at 63 bytes by PostgreSQL: a short hash of the shape keeps them apart.
  const name = `payrail_ff_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const [row] = await q(name, text, values);
  return row ?? null;
}

/** The stand-in client (see the module comment). */
export const LEAN_READS = new Proxy({} as Prisma.TransactionClient, {
  get(_target, modelName) {
    const model = typeof modelName === "string" ? MODELS[modelName] : undefined;
    if (!model) throw new NeedsDatabase();
    return new Proxy(
      {},
      {
        get(_t, method) {
          if (method !== "findFirst") throw new NeedsDatabase();
          return (args: FindFirstArgs) => findFirst(model, args);
        },
      },
    );
  },
});
