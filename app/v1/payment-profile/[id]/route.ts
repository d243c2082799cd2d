import { getPaymentProfileEndpoint, updatePaymentProfileEndpoint } from "@/lib/api/endpoints/payment-profiles";
import { otherMethods, route } from "@/lib/api/next";

export const GET = route(getPaymentProfileEndpoint);
export const PATCH = route(updatePaymentProfileEndpoint);

export const { HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
