import { getCustomerEndpoint } from "@/lib/api/endpoints/customers";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(getCustomerEndpoint);

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
