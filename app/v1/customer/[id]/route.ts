import { getCustomerEndpoint } from "@/lib/api/endpoints/customers";
import { route } from "@/lib/api/next";

export const GET = route(getCustomerEndpoint);
