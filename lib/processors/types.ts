import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ProductId } from "@/lib/domain/products";
import type { TransactionStatus } from "@/lib/domain/statuses";

export type { ProductId } from "@/lib/domain/products";

/** Which hosted sandbox page the shopper sees at `approval_url` (app/pay/). */
export type ApprovalPage =
  | "card"
  | "bank_selection"
  | "bank_login"
  | "sepa_mandate"
  | "wallet_login"
  | "voucher"
  | "pix"
  | "dummy"
  | "approve_decline";

/** What a processor knows about the transaction being started. */
export type StartInput<D> = {
  /** The product's details, already parsed by `detailsSchema`. */
  details: D;
  transactionId: string;
  organisationId: string;
  customerId: string;
  /** Minor units (EUR cents). */
  amount: number;
  /** Database client inside the start's database transaction (for mandates, card tokens, ...). */
  client: Prisma.TransactionClient;
  now: Date;
};

export type StartResult = {
  /**
   * The status the start leaves the transaction in: INITIATED when the shopper must act at
   * `approval_url` (`needsApproval: true`), otherwise the outcome of the server-to-server charge.
   */
  status: TransactionStatus;
  statusReason?: string;
  needsApproval: boolean;
  /**
   * `details` as stored and returned: the request's details minus secrets (a CVC never), plus
   * anything the product adds (`mandate_reused`, ...). `approval_url` is added by the caller.
   */
  details: Record<string, unknown>;
  /** Extra top-level response fields (instant_transfer: `payment_product_type`, `processor`). */
  extraFields?: Record<string, string>;
  /** A later status change to schedule (dummy `dummy_outcome_update`), relative to the start. */
  followUp?: { status: TransactionStatus; reason?: string };
};

/** A shopper's decision on a hosted page, as the page posts it. */
export type OutcomeInput = {
  transactionId: string;
  outcome: string;
  /** The page's form fields (issuer, voucher PIN, bank login, ...), already strings. */
  form: Record<string, string>;
  details: Record<string, unknown>;
  amount: number;
  organisationId: string;
  customerId: string;
  client: Prisma.TransactionClient;
  now: Date;
};

/** A decided outcome: the status the transaction moves to. */
export type DecidedOutcome = {
  status: TransactionStatus;
  statusReason?: string;
  /** Fields merged into the stored details (instant_transfer's `sender`, ...). */
  details?: Record<string, unknown>;
  /** A later status change to schedule (dummy `dummy_outcome_update`), relative to this outcome. */
  followUp?: { status: TransactionStatus; reason?: string };
};

/** The hosted flow needs another page before it can decide (card: the 3-D Secure challenge). */
export type PendingOutcome = { continueAt: "3ds" };

export type OutcomeResult = DecidedOutcome | PendingOutcome;

/** What a hosted page may show beyond the transaction itself (PIX: the QR code). */
export type HostedPageInput = { id: string; amount: number; details: Record<string, unknown>; createdAt: Date };

/**
 * One payment product. Everything product-specific lives in its module behind this interface:
 * the `details` schema (the spec's field names), what starting a transaction does, which hosted
 * page the shopper sees, and how each outcome of that page maps to a status.
 */
export type Processor<S extends z.ZodType = z.ZodType> = {
  readonly product: ProductId;
  /** zod schema of `details` (strict: unknown fields are errors). */
  readonly detailsSchema: S;
  /** The hosted page used when `start` answers `needsApproval`, or null for server-to-server only products. */
  readonly approvalPage: ApprovalPage | null;
  /** dummy only: its start and outcomes may set any status directly, not only those the transition table allows from the current one. */
  readonly setsStatusDirectly?: boolean;
  /** Where opening `approval_url` leads: IN_PROGRESS (default), or on to PENDING (PIX: the QR code is issued, the payment waits for the money). */
  readonly authorizeStatus?: "IN_PROGRESS" | "PENDING";
  /** Issuers the shopper can choose from (GET /v1/issuers?payment_product=...). */
  readonly issuers?: readonly { id: string; name: string; country_code: string }[];
  /** Normalises and validates `dynamic_descriptor` for this product; returns the stored value or throws ApiError 101. */
  normalizeDescriptor?(descriptor: string): string;
  /** Starts a transaction. Throws ApiError (101/120) for input that is valid JSON but not acceptable. */
  start(input: StartInput<z.output<S>>): Promise<StartResult>;
  /** Sandbox days a SETTLEMENT_REQUESTED transaction waits before it settles (default 1; SEPA waits for its due date). One sandbox day is SETTLEMENT_DELAY_MS. */
  settlementWaitDays?(details: Record<string, unknown>, now: Date): number;
  /**
   * Applies a shopper's decision from the hosted page (`cancel` included), inside the database
   * transaction that has claimed the waiting transaction, so it runs once per payment. Throws
   * ApiError 101: with `invalid_fields.outcome` for an outcome the page does not offer, with other
   * fields for input the shopper can correct (PIN, IBAN, card number). It never changes the status
   * itself: the caller applies the result through transition().
   */
  applyOutcome?(input: OutcomeInput): Promise<OutcomeResult>;
  /** Data the hosted page shows beyond the transaction (PIX: the QR code and its expiry). */
  hostedPageData?(input: HostedPageInput): Promise<Record<string, unknown>>;
};
