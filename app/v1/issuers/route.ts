import { issuersEndpoint } from "@/lib/api/endpoints/transactions";
import { route } from "@/lib/api/next";

export const GET = route(issuersEndpoint);
