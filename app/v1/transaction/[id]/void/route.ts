import { voidEndpoint } from "@/lib/api/endpoints/transactions";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(voidEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
