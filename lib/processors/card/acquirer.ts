import type { TransactionStatus } from "@/lib/domain/statuses";
import { behaviourOf } from "@/lib/processors/card/test-cards";

export type AuthorizationRequest = {
  number: string;
  amount: number;
  captureNow: boolean;
  skipFraudCheck: boolean;
  /** The shopper passed a 3-D Secure challenge for this payment. */
  authenticated: boolean;
  /** force_3DSecure: authenticate even a card that does not ask for it. */
  force3DSecure: boolean;
  /** Server-to-server token charges cannot show a challenge. */
  canChallenge: boolean;
};

export type AuthorizationResult = { kind: "challenge" } | { kind: "final"; status: TransactionStatus; reason: string };

/**
 * The sandbox card acquirer: fraud screening, 3-D Secure, then the issuer's answer, all decided
 * by the test card number. It receives the number in memory only and returns no card data.
 */
export function authorizeCard(req: AuthorizationRequest): AuthorizationResult {
  const behaviour = behaviourOf(req.number);
  if (behaviour === "fraud" && !req.skipFraudCheck)
    return { kind: "final", status: "DECLINED", reason: "Blocked by the fraud check" };
  const wantsChallenge = behaviour === "challenge" || req.force3DSecure;
  if (wantsChallenge && !req.authenticated && req.canChallenge) return { kind: "challenge" };

  switch (behaviour) {
    case "decline":
      return { kind: "final", status: "DECLINED", reason: "Card declined" };
    case "insufficient_funds":
      return { kind: "final", status: "DECLINED", reason: "Insufficient funds" };
    case "expired":
      return { kind: "final", status: "DECLINED", reason: "Expired card" };
    case "processor_error":
      return { kind: "final", status: "UNKNOWN", reason: "Processor error: the result could not be determined" };
    default:
      return {
        kind: "final",
        status: req.captureNow ? "SETTLEMENT_REQUESTED" : "AUTHORIZED",
        reason: req.authenticated ? "Approved after 3-D Secure" : "Approved",
      };
  }
}
