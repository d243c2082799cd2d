import { webhookCheckEndpoint } from "@/lib/api/endpoints/sandbox";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(webhookCheckEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
