import { transactionWebhooksEndpoint } from "@/lib/api/endpoints/webhooks";
import { route } from "@/lib/api/next";

export const GET = route(transactionWebhooksEndpoint);
