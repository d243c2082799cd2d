import { z } from "zod";
import { getStoreCredentials, payrailBaseUrl, type StoreCredentials } from "@/lib/store/config";

/**
 * The store's Payrail client: plain `fetch` against the public API with the `apiKey` header,
 * exactly what any merchant's server would write. Nothing here reaches into Payrail's code or
 * database; responses are parsed with the store's own (lenient) schemas of the fields it uses.
 */

const TIMEOUT_MS = 15_000;

/** A failed call: `status` 0 when Payrail could not be reached; `code` is the error object's. */
export class PayrailError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "PayrailError";
  }

  /** `details.invalid_fields` of a 101, e.g. `{"details.issuer": "Required"}`. */
  get invalidFields(): Record<string, string> {
    const fields = this.details?.invalid_fields;
    if (!fields || typeof fields !== "object") return {};

    return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
  }
}

const CustomerSchema = z.looseObject({ id: z.string(), email_address: z.string() });
export type PayrailCustomer = z.infer<typeof CustomerSchema>;

const TransactionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  status_reason: z.string().default(""),
  amount: z.string(),
  customer: z.string(),
  merchant_reference: z.string().default(""),
  payment_product: z.string(),
  last_status_update: z.string(),
  details: z.looseObject({ approval_url: z.string().optional(), mandate_reused: z.boolean().optional() }).default({}),
});
export type PayrailTransaction = z.infer<typeof TransactionSchema>;

const CheckoutSuccessSchema = z.looseObject({ status: z.string(), status_reason: z.string(), success: z.boolean() });
export type CheckoutSuccess = z.infer<typeof CheckoutSuccessSchema>;

const IssuersSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), name: z.string(), country_code: z.string() })),
});
export type Issuer = z.infer<typeof IssuersSchema>["data"][number];

export type CustomerInput = Record<string, string>;

export type StartTransactionInput = {
  amount: number;
  customer: string;
  customer_ip?: string;
  user_agent?: string;
  dynamic_descriptor: string;
  merchant_reference: string;
  payment_product: string;
  details: Record<string, unknown>;
};

export type PayrailClient = {
  credentials: StoreCredentials;
  createCustomer(input: CustomerInput): Promise<PayrailCustomer>;
  startTransaction(input: StartTransactionInput): Promise<PayrailTransaction>;
  getTransaction(id: string): Promise<PayrailTransaction>;
  checkoutSuccess(id: string): Promise<CheckoutSuccess>;
  listIssuers(paymentProduct: string): Promise<Issuer[]>;
  cancelTransaction(id: string): Promise<PayrailTransaction>;
  voidTransaction(id: string): Promise<PayrailTransaction>;
};

export async function getPayrailClient(): Promise<PayrailClient> {
  const credentials = await getStoreCredentials();
  const base = payrailBaseUrl();
  const call = async <S extends z.ZodType>(
    schema: S,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.output<S>> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          apiKey: credentials.apiKey,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PayrailError(0, "network", `Payrail could not be reached: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const e = (json ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
      throw new PayrailError(
        res.status,
        typeof e.code === "string" ? e.code : "",
        typeof e.message === "string" ? e.message : `Payrail answered HTTP ${res.status}`,
        e.details && typeof e.details === "object" ? (e.details as Record<string, unknown>) : undefined,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new PayrailError(res.status, "unexpected_response", `Unexpected answer from Payrail for ${method} ${path}`);

    return parsed.data;
  };
  const id = (s: string) => encodeURIComponent(s);

  return {
    credentials,
    // POST /v1/customer
    createCustomer: (input) => call(CustomerSchema, "POST", "/v1/customer", input),
    // POST /v1/transaction/start, idempotent per order: a retried request can never pay an order twice
    startTransaction: (input) =>
      call(
        TransactionSchema,
        "POST",
        "/v1/transaction/start",
        { payment_profile: credentials.paymentProfile, ...input },
        { "Idempotency-Key": `order-${input.merchant_reference}` },
      ),
    // GET /v1/transaction/<id>
    getTransaction: (txId) => call(TransactionSchema, "GET", `/v1/transaction/${id(txId)}`),
    // GET /v1/transaction/<id>/checkoutsuccess
    checkoutSuccess: (txId) => call(CheckoutSuccessSchema, "GET", `/v1/transaction/${id(txId)}/checkoutsuccess`),
    // GET /v1/issuers?payment_product=...
    listIssuers: async (product) =>
      (await call(IssuersSchema, "GET", `/v1/issuers?payment_product=${id(product)}`)).data,
    // POST /v1/transaction/<id>/cancel (SETTLEMENT_REQUESTED) and /void (AUTHORIZED)
    cancelTransaction: (txId) => call(TransactionSchema, "POST", `/v1/transaction/${id(txId)}/cancel`, {}),
    voidTransaction: (txId) => call(TransactionSchema, "POST", `/v1/transaction/${id(txId)}/void`, {}),
  };
}
