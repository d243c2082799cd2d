import { approveDeclineProcessor } from "@/lib/processors/approve-decline";

export const debitCardRedirectProcessor = approveDeclineProcessor("debit_card_redirect");
