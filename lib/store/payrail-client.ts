import {
  type CheckoutSuccess,
  type Customer,
  type CustomerCreate,
  createPayrailClient,
  type Issuer,
  idempotencyKey,
  PayrailError,
  type Transaction,
  type TransactionStart,
  unwrap,
} from "@/lib/client";
import { getStoreCredentials, payrailBaseUrl, type StoreCredentials } from "@/lib/store/config";

/**
 * The store's Payrail client: Payrail's typed client (lib/client, generated from the OpenAPI
 * document) over HTTP with the store's own API key, exactly what any merchant's server would use.
 * Nothing here reaches into Payrail's code or database.
 */

export { PayrailError };
export type { CheckoutSuccess, Issuer };
type PayrailCustomer = Customer;
export type PayrailTransaction = Transaction;

type CustomerInput = Record<string, string>;

type StartTransactionInput = {
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
  /** The payment products the merchant has switched on for the store's payment profile. */
  enabledProducts(): Promise<string[]>;
};

export async function getPayrailClient(): Promise<PayrailClient> {
  const credentials = await getStoreCredentials();
  const api = createPayrailClient({ baseUrl: payrailBaseUrl(), apiKey: credentials.apiKey });
  const path = (id: string) => ({ path: { id } });

  return {
    credentials,
    // The checkout form's fields, checked by Payrail (a 101 names the invalid ones).
    createCustomer: (input) => unwrap(api.POST("/v1/customer", { body: input as CustomerCreate })),
    // Idempotent per order and customer: a retried request can never pay an order twice. The
    // customer is part of the key because it is the one part of the body that may change for one
    // order: when the remembered customer is gone (a sandbox reset) the store starts again with a
    // new one, and Payrail refuses a key reused for another body (131). The store builds `details`
    // per product from its forms (lib/store/payment-details.ts); Payrail validates them.
    startTransaction: (input) =>
      unwrap(
        api.POST("/v1/transaction/start", {
          body: { payment_profile: credentials.paymentProfile, ...input } as TransactionStart,
          params: idempotencyKey(`order-${input.merchant_reference}-${input.customer}`),
        }),
      ),
    getTransaction: (id) => unwrap(api.GET("/v1/transaction/{id}", { params: path(id) })),
    checkoutSuccess: (id) => unwrap(api.GET("/v1/transaction/{id}/checkoutsuccess", { params: path(id) })),
    listIssuers: async (product) =>
      (
        await unwrap(
          api.GET("/v1/issuers", {
            params: { query: { payment_product: product as TransactionStart["payment_product"] } },
          }),
        )
      ).data,
    // SETTLEMENT_REQUESTED → CANCELLED, AUTHORIZED → AUTHORIZATION_VOIDED
    cancelTransaction: (id) => unwrap(api.POST("/v1/transaction/{id}/cancel", { params: path(id), body: {} })),
    voidTransaction: (id) => unwrap(api.POST("/v1/transaction/{id}/void", { params: path(id), body: {} })),
    enabledProducts: async () =>
      (await unwrap(api.GET("/v1/payment-profile/{id}", { params: path(credentials.paymentProfile) })))
        .enabled_products,
  };
}
