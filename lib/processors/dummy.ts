import { z } from "zod";
import { isStatus, STATUSES, type TransactionStatus } from "@/lib/domain/statuses";
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

// dummy_outcome_update applies after any first outcome, whatever the transition table says: it is
// the sandbox's own move (DESIGN 7), so the merchant can test e.g. SETTLEMENT_REQUESTED → FAILED.
const followUp = (update: TransactionStatus | undefined) =>
  update ? { followUp: { status: update, reason: "Set by dummy_outcome_update" } } : {};

/**
 * The issuer a dummy transaction names in its response details (spec 2.3 lists `issuer` for the
 * dummy product, "seen in a sample"): the sandbox's own, since no bank takes part.
 */
export const DUMMY_ISSUER = "SBXDUMMY";
const withIssuer = (details: object) => storedDetails(details, { add: { issuer: DUMMY_ISSUER } });

export const dummyProcessor = defineProcessor({
  product: "dummy",
  detailsSchema: z.strictObject({
    ...commonDetails,
    dummy_outcome: settableStatus.optional(),
    dummy_outcome_update: settableStatus.optional(),
    redirect_url: redirectUrl,
  }),
  approvalPage: "dummy",
  setsStatusDirectly: true,
  start: async ({ details }) => {
    const outcome = details.dummy_outcome;
    if (!outcome) return awaitApproval(details, withIssuer(details));
    return {
      status: outcome,
      statusReason: "Set by dummy_outcome",
      needsApproval: false,
      details: withIssuer(details),
      ...followUp(details.dummy_outcome_update),
    };
  },
  applyOutcome: async ({ outcome, details }) => {
    const status = outcome === "cancel" ? "CANCELLED" : outcome;
    if (!isStatus(status) || !(status === "CANCELLED" || DUMMY_PAGE_STATUSES.includes(status))) throw unknownOutcome();
    const update = isStatus(details.dummy_outcome_update) ? details.dummy_outcome_update : undefined;
    const reason = outcome === "cancel" ? "Cancelled by the shopper" : "Picked on the dummy page";
    return { status, statusReason: reason, ...followUp(update) };
  },
});
