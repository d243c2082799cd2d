import { approveDeclineProcessor } from "@/lib/processors/approve-decline";

export const instalmentCreditProcessor = approveDeclineProcessor("instalment_credit");
