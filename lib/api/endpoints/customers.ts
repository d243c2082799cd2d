import { endpoint } from "@/lib/api/endpoint";
import { parseInput } from "@/lib/errors/validation";
import { createCustomer, getCustomerOrThrow, serializeCustomer } from "@/lib/customers/customers";
import { CustomerCreateSchema } from "@/lib/schemas/customer";

// POST /v1/customer – Create a customer
export const createCustomerEndpoint = endpoint({ body: "required", idempotent: true }, async ({ body, auth }) => {
  const input = parseInput(CustomerCreateSchema, body, "customer");
  const customer = await createCustomer({ organisationId: auth.organisationId, input });

  return { status: 201, body: serializeCustomer(customer) };
});

// GET /v1/customer/<id> – Read a customer
export const getCustomerEndpoint = endpoint({}, async ({ params, auth }) => {
  const customer = await getCustomerOrThrow({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: serializeCustomer(customer) };
});
