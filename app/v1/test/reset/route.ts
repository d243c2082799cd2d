import { resetEndpoint } from "@/lib/api/endpoints/sandbox";
import { otherMethods, route } from "@/lib/api/next";

export const POST = route(resetEndpoint);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
