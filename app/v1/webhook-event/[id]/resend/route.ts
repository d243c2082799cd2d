import { resendWebhookEventEndpoint } from "@/lib/api/endpoints/webhooks";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(resendWebhookEventEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
