import { createCustomerEndpoint } from "@/lib/api/endpoints/customers";
import { route } from "@/lib/api/next";

export const POST = route(createCustomerEndpoint);
