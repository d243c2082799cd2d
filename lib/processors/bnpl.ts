import { z } from "zod";
import {
  captureNow,
  commonDetails,
  defineProcessor,
  sandboxChargeStatus,
  storedDetails,
} from "@/lib/processors/common";

export const bnplProcessor = defineProcessor({
  product: "bnpl",
  detailsSchema: z.strictObject({ ...commonDetails, capture_now: captureNow }),
  approvalPage: null,
  start: async ({ details, amount }) => ({
    ...sandboxChargeStatus(amount, details.capture_now),
    needsApproval: false,
    details: storedDetails(details),
  }),
});
