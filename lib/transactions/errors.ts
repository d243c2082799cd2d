import { ApiError } from "@/lib/errors/api-error";
import type { TransactionStatus } from "@/lib/domain/statuses";

/** 409 `130`: the transaction's current status does not allow the operation. */
export function statusConflict(operation: string, status: string, allowedFrom: readonly TransactionStatus[]): ApiError {
  const expected = allowedFrom.length ? allowedFrom.join(", ") : "none";
  return new ApiError(
    "130",
    `The transaction cannot be ${operation} because its status is ${status}; expected one of: ${expected}.`,
    {
      status,
      allowed_from: [...allowedFrom],
    },
  );
}
