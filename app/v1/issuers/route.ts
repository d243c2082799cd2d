import { issuersEndpoint } from "@/lib/api/endpoints/transactions";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(issuersEndpoint);

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
