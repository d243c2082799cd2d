import { startTransactionEndpoint } from "@/lib/api/endpoints/transactions";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(startTransactionEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
