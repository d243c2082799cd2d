import { endpoint } from "@/lib/api/endpoint";
import { orNull } from "@/lib/errors/api-error";
import { createCustomer, getCustomerOrThrow, serializeCustomer } from "@/lib/customers/customers";
import { CustomerCreateSchema } from "@/lib/schemas/customer";

// POST /v1/customer – Create a customer
export const createCustomerEndpoint = endpoint(
  {
    body: "required",
    resource: "customer",
    idempotent: true,
    recover: async ({ effectId, auth }) => {
      const customer = await orNull(getCustomerOrThrow({ organisationId: auth.organisationId, id: effectId }));
      return customer && { status: 201, body: serializeCustomer(customer) };
    },
  },
  async ({ body, auth, effectId, parse }) => {
    const input = parse(CustomerCreateSchema, body);
    const customer = await createCustomer({ organisationId: auth.organisationId, input, id: effectId });

    return { status: 201, body: serializeCustomer(customer) };
  },
);

// GET /v1/customer/<id> – Read a customer
export const getCustomerEndpoint = endpoint({}, async ({ params, auth }) => {
  const customer = await getCustomerOrThrow({ organisationId: auth.organisationId, id: params.id });

  return { status: 200, body: serializeCustomer(customer) };
});
