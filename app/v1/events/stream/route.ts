import { eventStreamEndpoint } from "@/lib/api/endpoints/events";
import { route } from "@/lib/api/next";

export const GET = route(eventStreamEndpoint);
