import { getPaymentProfileEndpoint, updatePaymentProfileEndpoint } from "@/lib/api/endpoints/payment-profiles";
import { route } from "@/lib/api/next";

export const GET = route(getPaymentProfileEndpoint);
export const PATCH = route(updatePaymentProfileEndpoint);
