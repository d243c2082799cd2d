import { rotateWebhookSecretEndpoint } from "@/lib/api/endpoints/payment-profiles";
import { route } from "@/lib/api/next";

export const POST = route(rotateWebhookSecretEndpoint);
