import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { canTransition, isStatus, STATUSES, type TransactionStatus } from "@/lib/domain/statuses";
import {
  awaitApproval,
  commonDetails,
  defineProcessor,
  redirectUrl,
  storedDetails,
  unknownOutcome,
} from "@/lib/processors/common";

const SETTABLE = STATUSES.filter((s) => s !== "INITIATED");
/**
 * The statuses the dummy page offers as buttons: not IN_PROGRESS (opening the page already put
 * the transaction there), not CANCELLED (the page's own "Cancel payment" posts `cancel`).
 */
export const DUMMY_PAGE_STATUSES: readonly TransactionStatus[] = SETTABLE.filter(
  (s) => s !== "IN_PROGRESS" && s !== "CANCELLED",
);

const settableStatus = z.enum(SETTABLE, `Expected one of: ${SETTABLE.join(", ")}`);

const followUp = (from: TransactionStatus, update: TransactionStatus | undefined) =>
  update && canTransition(from, update) ? { followUp: { status: update, reason: "Set by dummy_outcome_update" } } : {};

export const dummyProcessor = defineProcessor({
  product: "dummy",
  detailsSchema: z
    .strictObject({
      ...commonDetails,
      dummy_outcome: settableStatus.optional(),
      dummy_outcome_update: settableStatus.optional(),
      redirect_url: redirectUrl,
    })
    .superRefine((details, ctx) => {
      const { dummy_outcome: outcome, dummy_outcome_update: update } = details;
      if (outcome && update && !canTransition(outcome, update)) {
        ctx.addIssue({ code: "custom", path: ["dummy_outcome_update"], message: `Cannot follow ${outcome}` });
      }
    }),
  approvalPage: "dummy",
  setsStatusDirectly: true,
  start: async ({ details }) => {
    const outcome = details.dummy_outcome;
    if (!outcome) return awaitApproval(details);
    // The schema reports this along with other field errors; checked again because this is what schedules the follow-up.
    if (details.dummy_outcome_update && !canTransition(outcome, details.dummy_outcome_update)) {
      throw ApiError.validation("transaction", { "details.dummy_outcome_update": `Cannot follow ${outcome}` });
    }
    return {
      status: outcome,
      statusReason: "Set by dummy_outcome",
      needsApproval: false,
      details: storedDetails(details),
      ...followUp(outcome, details.dummy_outcome_update),
    };
  },
  applyOutcome: async ({ outcome, details }) => {
    const status = outcome === "cancel" ? "CANCELLED" : outcome;
    if (!isStatus(status) || !(status === "CANCELLED" || DUMMY_PAGE_STATUSES.includes(status))) throw unknownOutcome();
    const update = isStatus(details.dummy_outcome_update) ? details.dummy_outcome_update : undefined;
    const reason = outcome === "cancel" ? "Cancelled by the shopper" : "Picked on the dummy page";
    return { status, statusReason: reason, ...followUp(status, update) };
  },
});
