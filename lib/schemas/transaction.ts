import ipaddr from "ipaddr.js";
import { z } from "zod";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { STATUSES } from "@/lib/domain/statuses";
import { httpUrl, optionalText, orEmpty, uuid } from "@/lib/schemas/common";

export const MAX_AMOUNT = 1_000_000_000;

export const amountSchema = z
  .number({ message: "Expected an integer amount in minor units (cents)" })
  .int("Expected an integer amount in minor units (cents), no decimal point")
  .min(1, "Must be at least 1")
  .max(MAX_AMOUNT, `At most ${MAX_AMOUNT}`);

/**
 * A dotted-quad IPv4 or an IPv6 address, as a shopper's address is written. ipaddr.js's plain
 * isValid also takes the old inet_aton forms ("1", "1.2.3", "0x7f.1", "01.2.3.4"), which name
 * other hosts than they seem to; an IPv6 zone ("%eth0") is local to one machine.
 */
const isIpAddress = (s: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(s) || (ipaddr.IPv6.isValid(s) && !s.includes("%"));

/**
 * `POST /v1/transaction/start`, top level. `customer` (an id or a customer object) and `details`
 * (per product) are validated by startTransaction with their own schemas, so every invalid field
 * of the request is reported in one answer.
 */
export const TransactionStartSchema = z.strictObject({
  payment_profile: uuid,
  amount: amountSchema,
  customer: z.unknown().optional(),
  customer_ip: orEmpty(z.string().trim().refine(isIpAddress, "Expected an IPv4 or IPv6 address")),
  dynamic_descriptor: optionalText(127),
  merchant_reference: optionalText(255),
  payment_product: z.enum(PAYMENT_PRODUCTS, { message: `Expected one of: ${PAYMENT_PRODUCTS.join(", ")}` }),
  user_agent: optionalText(1024),
  details: z.unknown().optional(),
  webhook_transaction_update: orEmpty(httpUrl()),
});
export type TransactionStart = z.infer<typeof TransactionStartSchema>;

export const CaptureSchema = z.strictObject({ amount: amountSchema.optional() }).meta({ id: "CaptureRequest" });
export const EmptySchema = z
  .strictObject({})
  .meta({ id: "EmptyBody", description: "No fields (an empty body is fine too)." });
export const RefundCreateSchema = z
  .strictObject({ amount: amountSchema, reason: optionalText(255) })
  .meta({ id: "RefundCreate" });

export const IssuersQuerySchema = z.strictObject({
  payment_product: z.enum(PAYMENT_PRODUCTS, { message: `Expected one of: ${PAYMENT_PRODUCTS.join(", ")}` }),
});

export const TransactionListQuerySchema = z.strictObject({
  status: z.enum(STATUSES).optional(),
  payment_product: z.enum(PAYMENT_PRODUCTS).optional(),
  merchant_reference: optionalText(255),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

const iso = z.string().describe("ISO 8601 UTC with milliseconds");

/**
 * `details` as returned: the request's details minus secrets (a CVC or wallet token never), plus
 * what Payrail or the product adds. The properties below are the ones Payrail adds; the request's
 * own fields of each product (see the start request) come back as sent.
 */
export const TransactionDetailsSchema = z
  .looseObject({
    approval_url: z
      .string()
      .optional()
      .describe("Where the shopper approves the payment (products with a hosted page)"),
    capture_now: z.boolean().optional(),
    card_brand: z.string().optional().describe("card: the brand of the charged card"),
    card_last_four: z.string().optional().describe("card: the last four digits of the charged card"),
    mandate: z.string().optional().describe("sepa: the mandate reference"),
    mandate_reused: z.boolean().optional().describe("sepa: whether an existing mandate was used"),
    issuer: z.string().optional().describe("bank_selection: the shopper's bank; dummy: the sandbox issuer `SBXDUMMY`"),
    sender: z
      .union([
        z.looseObject({
          country_code: z.string(),
          iban: z.string(),
          bic: z.string(),
          bank_name: z.string(),
          bank_code: z.string(),
          account_number: z.string(),
          holder: z.string(),
        }),
        z.array(
          z.looseObject({
            account_number: z.string(),
            bank_code: z.string().optional(),
            country_code: z.string(),
            holder_name: z.string(),
          }),
        ),
      ])
      .optional()
      .describe("instant_transfer: the paying account, once paid; sepa: the request's sender accounts"),
  })
  .meta({ id: "TransactionDetails" });

/** The transaction object of every response: the spec's fields (2.2), amount as a string. */
export const TransactionSchema = z
  .strictObject({
    id: z.string(),
    payment_profile: z.string(),
    amount: z.string().describe("Minor units (cents), as a string"),
    customer: z.string().describe("The customer's id"),
    customer_ip: z.string(),
    dynamic_descriptor: z.string(),
    merchant_reference: z.string(),
    payment_product: z.enum(PAYMENT_PRODUCTS),
    payment_product_type: z.string().optional().describe("instant_transfer only"),
    processor: z.string().optional().describe("instant_transfer only"),
    user_agent: z.string(),
    details: TransactionDetailsSchema,
    webhook_transaction_update: z.string(),
    status: z.enum(STATUSES),
    status_reason: z.string(),
    last_status_update: iso,
    created_at: iso,
  })
  .meta({ id: "Transaction" });
export type TransactionObject = z.infer<typeof TransactionSchema>;

export const TransactionListSchema = z
  .strictObject({
    data: z.array(TransactionSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
  })
  .meta({ id: "TransactionList" });

export const CheckoutSuccessSchema = z
  .strictObject({
    status: z.enum(STATUSES),
    status_reason: z.string(),
    success: z.boolean().describe("true for SETTLEMENT_REQUESTED and SETTLEMENT_COMPLETED"),
  })
  .meta({ id: "CheckoutSuccess" });
export type CheckoutSuccess = z.infer<typeof CheckoutSuccessSchema>;

export const HistoryEntrySchema = z
  .strictObject({
    status: z.enum(STATUSES),
    previous_status: z.union([z.enum(STATUSES), z.literal("")]).describe('"" for the first entry'),
    reason: z.string(),
    actor: z.string().describe("Who made the change: api, dashboard, shopper, timer, sandbox"),
    created_at: iso,
  })
  .meta({ id: "HistoryEntry" });

export const HistoryListSchema = z.strictObject({ data: z.array(HistoryEntrySchema) }).meta({ id: "HistoryList" });

export const RefundSchema = z
  .strictObject({
    id: z.string(),
    transaction: z.string(),
    amount: z.string().describe("Minor units, as a string"),
    reason: z.string(),
    status: z.enum(["PENDING", "PROCESSED", "FAILED"]),
    created_at: iso,
    last_status_update: iso,
  })
  .meta({ id: "Refund" });
export type RefundObject = z.infer<typeof RefundSchema>;

export const RefundListSchema = z.strictObject({ data: z.array(RefundSchema) }).meta({ id: "RefundList" });

const IssuerSchema = z
  .strictObject({ id: z.string(), name: z.string(), country_code: z.string() })
  .meta({ id: "Issuer" });

export const IssuerListSchema = z.strictObject({ data: z.array(IssuerSchema) }).meta({ id: "IssuerList" });
