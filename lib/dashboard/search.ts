import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { STATUSES } from "@/lib/domain/statuses";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isoDate, isUuid } from "@/lib/schemas/common";
import { decodeCursor, encodeCursor } from "@/lib/transactions/queries";
import { eurosToCents, NOT_EUROS } from "@/lib/dashboard/money";

/**
 * The dashboard's transaction search (query string of /dashboard/transactions and its CSV export):
 * `q` finds a transaction id, a merchant reference (contains) or a customer e-mail (contains);
 * `amount` is an exact amount in euros; `from`/`to` are days (UTC, both included).
 */
const TransactionSearchSchema = z
  .object({
    // The reason in plain words: zod's own reads "Too big: expected string to have <=255 characters".
    q: z.string().trim().max(255, "At most 255 characters").optional(),
    // A stale link's unknown value: a short message (the filter's own list shows what exists).
    status: z.enum(STATUSES, "Not a status: pick one from the list").optional(),
    payment_product: z.enum(PAYMENT_PRODUCTS, "Not a payment product: pick one from the list").optional(),
    amount: z
      .string()
      .trim()
      .refine((s) => eurosToCents(s) !== undefined, NOT_EUROS)
      .transform((s) => eurosToCents(s) as number)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    // Not a filter: a cursor that cannot be one (too long) means the first page, as a foreign one
    // does (the page says so), and never makes the filters invalid.
    cursor: z.string().max(200).optional().catch(undefined),
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, {
    path: ["to"],
    message: "Must not be before From",
  });
export type TransactionSearch = z.output<typeof TransactionSearchSchema>;

/** The search's fields from a query string: empty fields are absent, unknown ones ignored. */
export function searchFromParams(params: Record<string, string | string[] | undefined>) {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(TransactionSearchSchema.shape)) {
    const v = params[key];
    if (typeof v === "string" && v.trim() !== "") raw[key] = v;
  }
  return { raw, parsed: TransactionSearchSchema.safeParse(raw) };
}

/**
 * Text for Prisma's `contains`, matched as typed: Prisma hands it to LIKE without escaping, so a
 * `_` or `%` would be a wildcard (`q=_` matched every row). Backslash is PostgreSQL's LIKE escape.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(organisationId: string, s: TransactionSearch): Prisma.TransactionWhereInput {
  const and: Prisma.TransactionWhereInput[] = [{ organisationId }];
  if (s.status) and.push({ status: s.status });
  if (s.payment_product) and.push({ paymentProduct: s.payment_product });
  if (s.amount !== undefined) and.push({ amount: s.amount });
  if (s.from) and.push({ createdAt: { gte: new Date(`${s.from}T00:00:00Z`) } });
  if (s.to) and.push({ createdAt: { lt: new Date(new Date(`${s.to}T00:00:00Z`).getTime() + 86_400_000) } });
  if (s.q) {
    const q = s.q;
    const text = likeLiteral(q);
    and.push({
      OR: [
        ...(isUuid(q) ? [{ id: q.toLowerCase() }] : []),
        { merchantReference: { contains: text, mode: "insensitive" } },
        { customer: { emailAddress: { contains: text, mode: "insensitive" } } },
      ],
    });
  }
  return { AND: and };
}

const after = (cursor: string | undefined): Prisma.TransactionWhereInput => {
  if (!cursor) return {};
  const c = decodeCursor(cursor);
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
};

const columns = {
  id: true,
  createdAt: true,
  merchantReference: true,
  paymentProduct: true,
  amount: true,
  status: true,
  lastStatusUpdate: true,
  customer: { select: { emailAddress: true } },
} as const;

/** One page, newest first, keyset-paginated on (created_at, id). Throws 101 for a foreign cursor. */
export async function searchTransactions(organisationId: string, s: TransactionSearch, limit = 25) {
  const rows = await db().transaction.findMany({
    where: { AND: [whereOf(organisationId, s), after(s.cursor)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: columns,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > limit;

  return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

const CSV_HEADER = [
  "id",
  "created_at",
  "merchant_reference",
  "customer_email",
  "payment_product",
  "amount",
  "status",
  "last_status_update",
];

/** A CSV field, quoted when needed; a leading =,+,-,@ is defused so a spreadsheet never runs it. */
function csvField(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/**
 * The whole filtered list as CSV, streamed: batches of `batch` rows read with the keyset cursor as
 * the reader pulls, so memory holds one batch whatever the number of rows.
 */
export function transactionsCsv(
  organisationId: string,
  s: TransactionSearch,
  batch = 1000,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  const where = whereOf(organisationId, { ...s, cursor: undefined });

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_HEADER.join(",")}\r\n`));
        return;
      }
      const rows = await db().transaction.findMany({
        where: { AND: [where, after(cursor)] },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batch,
        select: columns,
      });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const text = rows
        .map((t) =>
          [
            t.id,
            t.createdAt.toISOString(),
            t.merchantReference,
            t.customer.emailAddress,
            t.paymentProduct,
            (t.amount / 100).toFixed(2),
            t.status,
            t.lastStatusUpdate.toISOString(),
          ]
            .map(csvField)
            .join(","),
        )
        .join("\r\n");
      controller.enqueue(encoder.encode(`${text}\r\n`));
      const last = rows[rows.length - 1];
      if (rows.length < batch) controller.close();
      else cursor = encodeCursor(last);
    },
  });
}
