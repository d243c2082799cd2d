import { listEventsEndpoint } from "@/lib/api/endpoints/events";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(listEventsEndpoint);

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
