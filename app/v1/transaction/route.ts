import { listTransactionsEndpoint } from "@/lib/api/endpoints/transactions";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(listTransactionsEndpoint);

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
