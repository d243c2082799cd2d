/**
 * Transaction statuses (the spec's ten plus AUTHORIZED and AUTHORIZATION_VOIDED) and the one
 * transition table. Every status write is checked against TRANSITIONS by transition().
 */
export const STATUSES = [
  "INITIATED",
  "IN_PROGRESS",
  "PENDING",
  "AUTHORIZED",
  "SETTLEMENT_REQUESTED",
  "SETTLEMENT_COMPLETED",
  "CANCELLED",
  "DECLINED",
  "FAILED",
  "UNKNOWN",
  "ABANDONED",
  "AUTHORIZATION_VOIDED",
] as const;

export type TransactionStatus = (typeof STATUSES)[number];

export const FINAL_STATUSES: readonly TransactionStatus[] = [
  "SETTLEMENT_COMPLETED",
  "CANCELLED",
  "DECLINED",
  "FAILED",
  "ABANDONED",
  "AUTHORIZATION_VOIDED",
];

/** Outcomes of processing, reachable from every not-yet-decided status. */
const OUTCOMES: TransactionStatus[] = [
  "AUTHORIZED",
  "SETTLEMENT_REQUESTED",
  "DECLINED",
  "FAILED",
  "UNKNOWN",
  "CANCELLED",
];

export const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  // Server-to-server products decide straight from INITIATED; redirect products go IN_PROGRESS first.
  INITIATED: ["IN_PROGRESS", "PENDING", ...OUTCOMES, "ABANDONED"],
  IN_PROGRESS: ["PENDING", ...OUTCOMES, "ABANDONED"],
  // PENDING: paid in an asynchronous way (PIX QR shown, bank processing).
  PENDING: [...OUTCOMES, "ABANDONED"],
  // AUTHORIZED (capture_now: false): capture, void, or a late failure.
  AUTHORIZED: ["SETTLEMENT_REQUESTED", "AUTHORIZATION_VOIDED", "FAILED", "UNKNOWN"],
  // SETTLEMENT_REQUESTED: settles, can be cancelled, and can still fail (spec section 3, statement 4).
  SETTLEMENT_REQUESTED: ["SETTLEMENT_COMPLETED", "CANCELLED", "FAILED", "DECLINED", "UNKNOWN"],
  // UNKNOWN: resolved later to what really happened.
  UNKNOWN: ["AUTHORIZED", "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED", "DECLINED", "FAILED", "CANCELLED"],
  SETTLEMENT_COMPLETED: [],
  CANCELLED: [],
  DECLINED: [],
  FAILED: [],
  ABANDONED: [],
  AUTHORIZATION_VOIDED: [],
};

/** Statuses in which the shopper can still act on a hosted page. */
export const AWAITING_SHOPPER: readonly TransactionStatus[] = ["INITIATED", "IN_PROGRESS", "PENDING"];

export function isFinal(status: TransactionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Statuses from which `to` can be reached (for the 130 error's `allowed_from`). */
export function allowedFrom(to: TransactionStatus): TransactionStatus[] {
  return STATUSES.filter((s) => canTransition(s, to));
}

export function isStatus(s: unknown): s is TransactionStatus {
  return typeof s === "string" && (STATUSES as readonly string[]).includes(s);
}

/** `checkoutsuccess.success`: both settlement statuses count as success (spec 2.4). */
export function isSuccess(status: TransactionStatus): boolean {
  return status === "SETTLEMENT_REQUESTED" || status === "SETTLEMENT_COMPLETED";
}
