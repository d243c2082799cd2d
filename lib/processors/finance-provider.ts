import { approveDeclineProcessor } from "@/lib/processors/approve-decline";
import { text } from "@/lib/schemas/common";

export const financeProviderProcessor = approveDeclineProcessor("finance_provider", {
  provider_id: text(64).min(1, "Required"),
});
