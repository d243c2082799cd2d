import { listEventsEndpoint } from "@/lib/api/endpoints/events";
import { route } from "@/lib/api/next";

export const GET = route(listEventsEndpoint);
