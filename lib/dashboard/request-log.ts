import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { likeLiteral } from "@/lib/dashboard/search";
import type { Prisma } from "@/lib/generated/prisma/client";

/** What the request log keeps and shows per organisation (lib/api/request-log.ts trims to it). */
const SHOWN = 1_000;

/**
 * The request log's filters (query string of /dashboard/developers/requests): `request_id` exact,
 * `status` a code (404) or a class (4xx), `path` a part of the path; `before` is the keyset cursor
 * (the id of the last row of the previous page).
 */
const RequestLogFilterSchema = z.object({
  request_id: z
    .string()
    .trim()
    .regex(/^req_[0-9a-f]{24}$/i, "A Request-Id looks like req_ and 24 hex characters")
    .transform((s) => `req_${s.slice(4).toLowerCase()}`)
    .optional(),
  status: z
    .string()
    .trim()
    .regex(/^[1-5]([0-9]{2}|xx)$/i, "A status code such as 404, or a class such as 4xx")
    .transform((s) => s.toLowerCase())
    .optional(),
  path: z.string().trim().max(200, "At most 200 characters").optional(),
  before: z
    .string()
    .regex(/^[0-9]{1,19}$/, "Not a page of this list")
    .optional(),
});
export type RequestLogFilter = z.output<typeof RequestLogFilterSchema>;

/** The filters from a query string: empty fields are absent, unknown ones ignored. */
export function requestLogFilterFromParams(params: Record<string, string | string[] | undefined>) {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(RequestLogFilterSchema.shape)) {
    const v = params[key];
    if (typeof v === "string" && v.trim() !== "") raw[key] = v;
  }
  return { raw, parsed: RequestLogFilterSchema.safeParse(raw) };
}

function statusWhere(status: string): Prisma.RequestLogWhereInput {
  if (!status.endsWith("xx")) return { status: Number(status) };
  const from = Number(status[0]) * 100;
  return { status: { gte: from, lt: from + 100 } };
}

/** The newest id shown: rows older than the organisation's newest SHOWN are not part of the log. */
async function oldestShownId(organisationId: string): Promise<bigint | null> {
  const edge = await db().requestLog.findMany({
    where: { organisationId },
    orderBy: { id: "desc" },
    skip: SHOWN - 1,
    take: 1,
    select: { id: true },
  });
  return edge[0]?.id ?? null;
}

const listColumns = {
  id: true,
  requestId: true,
  method: true,
  path: true,
  query: true,
  status: true,
  replayed: true,
  durationMs: true,
  createdAt: true,
} as const;

/** One page of the organisation's request log, newest first (keyset on id). */
export async function listRequestLog(organisationId: string, f: RequestLogFilter, limit = 50) {
  const oldest = await oldestShownId(organisationId);
  const and: Prisma.RequestLogWhereInput[] = [{ organisationId }];
  if (oldest !== null) and.push({ id: { gte: oldest } });
  if (f.before) and.push({ id: { lt: BigInt(f.before) } });
  if (f.request_id) and.push({ requestId: f.request_id });
  if (f.status) and.push(statusWhere(f.status));
  if (f.path) and.push({ path: { contains: likeLiteral(f.path), mode: "insensitive" } });
  const rows = await db().requestLog.findMany({
    where: { AND: and },
    orderBy: { id: "desc" },
    take: limit + 1,
    select: listColumns,
  });
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;

  return { rows: page, nextBefore: hasMore ? String(page[page.length - 1].id) : null };
}

/** One entry with its (redacted) bodies, by Request-Id, or null when this organisation has none. */
export async function getRequestLogEntry(organisationId: string, requestId: string) {
  return db().requestLog.findFirst({ where: { organisationId, requestId }, orderBy: { id: "desc" } });
}
