import { canTransition, STATUSES, type TransactionStatus } from "@/lib/domain/statuses";
import { SetStatusSchema } from "@/lib/sandbox/test-controls";

/** How many timeline steps the transaction page's form offers (the API takes up to 20). */
export const TIMELINE_ROWS = 3;

/** The statuses the sandbox can set (the API schema's list). */
export const SETTABLE_STATUSES: readonly string[] = SetStatusSchema.shape.status.options;

/** Where the transition table lets a transaction in `status` go next. */
export const nextStatuses = (status: string): TransactionStatus[] =>
  STATUSES.filter((to) => canTransition(status as TransactionStatus, to));
