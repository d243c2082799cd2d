import { startTransactionEndpoint } from "@/lib/api/endpoints/transactions";
import { route } from "@/lib/api/next";

export const POST = route(startTransactionEndpoint);
