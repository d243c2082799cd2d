import { rotateWebhookSecretEndpoint } from "@/lib/api/endpoints/payment-profiles";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(rotateWebhookSecretEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
