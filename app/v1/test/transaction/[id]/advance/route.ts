import { advanceEndpoint } from "@/lib/api/endpoints/sandbox";
import { route } from "@/lib/api/next";

export const POST = route(advanceEndpoint);
