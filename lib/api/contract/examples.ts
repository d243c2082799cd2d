/**
 * Example values for the OpenAPI document. lib/api/contract/examples.test.ts parses each one with
 * its response schema, so an example cannot drift from the contract.
 */
const TX_ID = "0f6c2a8e-6d7b-4f51-9a3c-2b1e0d9c8a7f";
const PROFILE = "5b1f3c2e-8a4d-4e6f-9b7a-1c2d3e4f5a6b";
const CUSTOMER = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";
const ORG = "3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b";
const AT = "2026-11-22T07:53:11.123Z";

export const customerExample = {
  id: CUSTOMER,
  organisation: ORG,
  title: "Ms",
  gender: "female",
  initials: "A.",
  first_name: "Ada",
  last_name: "Lovelace",
  date_of_birth: "1985-12-10",
  email_address: "ada@example.com",
  phone_number: "+31201234567",
  fax_number: "",
  street_address: "Damrak",
  house_number: "1",
  house_number_suffix: "",
  postal_code: "1012 LG",
  city: "Amsterdam",
  region: "Noord-Holland",
  country_code: "NL",
  social_security_number: "",
  status: "unverified",
  status_reason: "",
  segment: "",
  created_at: AT,
  last_status_update: AT,
};

export const customerCreateExample = {
  first_name: "Ada",
  last_name: "Lovelace",
  email_address: "ada@example.com",
  country_code: "NL",
  phone_number: "+31201234567",
};

export const transactionExample = {
  id: TX_ID,
  payment_profile: PROFILE,
  amount: "1999",
  customer: CUSTOMER,
  customer_ip: "203.0.113.7",
  dynamic_descriptor: "Payrail Demo 1042",
  merchant_reference: "order-1042",
  payment_product: "bank_selection",
  user_agent: "Mozilla/5.0",
  details: {
    issuer: "SBXBNL2A",
    redirect_url: "https://shop.example/return?order=1042",
    approval_url: `http://localhost:3000/v1/transaction/${TX_ID}/authorize`,
  },
  webhook_transaction_update: "https://shop.example/webhooks/payrail",
  status: "INITIATED",
  status_reason: "",
  last_status_update: AT,
  created_at: AT,
};

export const settledTransactionExample = {
  ...transactionExample,
  status: "SETTLEMENT_REQUESTED",
  last_status_update: "2026-11-22T07:54:02.456Z",
};

export const checkoutSuccessExample = { status: "SETTLEMENT_COMPLETED", status_reason: "Settled", success: true };

export const historyExample = {
  data: [
    { status: "INITIATED", previous_status: "", reason: "", actor: "api", created_at: AT },
    {
      status: "SETTLEMENT_REQUESTED",
      previous_status: "INITIATED",
      reason: "Approved by the shopper",
      actor: "shopper",
      created_at: "2026-11-22T07:54:02.456Z",
    },
  ],
};

export const refundExample = {
  id: "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
  transaction: TX_ID,
  amount: "500",
  reason: "Returned one item",
  status: "PENDING",
  created_at: AT,
  last_status_update: AT,
};

export const transactionEventExample = {
  type: "transaction",
  id: TX_ID,
  status: "SETTLEMENT_COMPLETED",
  status_reason: "Settled",
  amount: "1999",
  merchant_reference: "order-1042",
  last_status_update: AT,
};

export const webhookEventExample = {
  id: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
  type: "transaction",
  transaction: TX_ID,
  status: "delivered",
  url: "https://shop.example/webhooks/payrail",
  payload: transactionEventExample,
  created_at: AT,
  delivered_at: "2026-11-22T07:53:11.456Z",
  next_attempt_at: null,
  attempts: [
    {
      attempt: 1,
      trigger: "schedule",
      url: "https://shop.example/webhooks/payrail",
      started_at: "2026-11-22T07:53:11.200Z",
      duration_ms: 42,
      status_code: 200,
      error: null,
      response_excerpt: "ok",
    },
  ],
};

export const issuersExample = { data: [{ id: "SBXBNL2A", name: "Sandbox Bank", country_code: "NL" }] };

/** A start request body per payment product (shown as the request examples). */
export const startExamples: Record<string, unknown> = {
  card: {
    payment_profile: PROFILE,
    amount: 1999,
    customer: CUSTOMER,
    payment_product: "card",
    merchant_reference: "order-1042",
    details: { redirect_url: "https://shop.example/return?order=1042", capture_now: true },
  },
  bank_selection: {
    payment_profile: PROFILE,
    amount: 1999,
    customer: CUSTOMER,
    payment_product: "bank_selection",
    merchant_reference: "order-1042",
    details: { issuer: "SBXBNL2A", redirect_url: "https://shop.example/return?order=1042" },
  },
  dummy: {
    payment_profile: PROFILE,
    amount: 1999,
    customer: customerCreateExample,
    payment_product: "dummy",
    details: { dummy_outcome: "SETTLEMENT_REQUESTED", dummy_outcome_update: "SETTLEMENT_COMPLETED" },
  },
};
