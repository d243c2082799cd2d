import { approveDeclineProcessor } from "@/lib/processors/approve-decline";
import { text } from "@/lib/schemas/common";

export const bankInitiatedProcessor = approveDeclineProcessor("bank_initiated", { bank: text(64).min(1, "Required") });
