/**
 * Whether an error means "the database cannot be reached or takes no more connections" (as
 * opposed to a query or programming error): PostgreSQL's connection-class SQLSTATEs, socket
 * errors, pool timeouts (Prisma's P2028 "Unable to start a transaction in the given time"
 * is one: every connection of the pool stayed busy for maxWait), and the same failures as Prisma's adapter reports them. The API answers
 * these with 503 + Retry-After (lib/api/endpoint.ts errorResponse), never with a hang or a 500.
 */
const SQLSTATES = new Set(["53300", "53400", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "ConnectionClosed",
  "TooManyConnections",
  "SocketTimeout",
]);
const MESSAGES =
  /too many clients|remaining connection slots|connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|can't reach database|connection refused|not queryable|unable to start a transaction in the given time|query read timeout/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    err?: unknown;
  };
  if (typeof e.code === "string" && (SQLSTATES.has(e.code) || ERRNOS.has(e.code) || PRISMA_CODES.has(e.code)))
    return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.kind === "string" && e.kind === "postgres" && typeof (e as { code?: unknown }).code === "string")
    return SQLSTATES.has(e.code as string);
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  // Auth.js wraps what a callback threw as `cause: { err }` (next-auth's sign-in errors).
  if (e.err && isDatabaseUnavailable(e.err, depth + 1)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
