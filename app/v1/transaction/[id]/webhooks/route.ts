import { transactionWebhooksEndpoint } from "@/lib/api/endpoints/webhooks";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(transactionWebhooksEndpoint);

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
