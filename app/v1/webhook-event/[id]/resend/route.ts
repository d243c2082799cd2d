import { resendWebhookEventEndpoint } from "@/lib/api/endpoints/webhooks";
import { route } from "@/lib/api/next";

export const POST = route(resendWebhookEventEndpoint);
