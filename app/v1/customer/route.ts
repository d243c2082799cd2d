import { createCustomerEndpoint } from "@/lib/api/endpoints/customers";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(createCustomerEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
