"use client";

import { formatAmount } from "@/components/pay/format";
import { ActionForm } from "@/components/dashboard/action-form";
import type { ActionState } from "@/lib/dashboard/action-state";
import { euroAmountProblem, eurosToCents } from "@/lib/dashboard/money";

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;
type Check = { fields: Record<string, string> } | { question: string };

/**
 * The amount an amount form would move, checked as the server checks it (empty: all of `limit`;
 * otherwise a euro amount of at least €0.01, not above `limit`) before the question is asked: the
 * question then names the amount. The server action stays the authority (the limit may change
 * meanwhile).
 */
function checkAmount(
  text: string,
  limit: number,
  words: { all: (limit: string) => string; part: (amount: string) => string; over: (limit: string) => string },
): Check {
  if (text.trim() === "") return { question: words.all(formatAmount(limit)) };
  const problem = euroAmountProblem(text);
  const cents = eurosToCents(text);
  if (problem || cents === undefined) return { fields: { amount: problem || "Type the amount in euros" } };
  if (cents > limit) return { fields: { amount: words.over(formatAmount(limit)) } };
  return { question: words.part(formatAmount(cents)) };
}

/** The transaction page's refund form: amount (empty refunds the rest) and reason; asks with the amount. */
export function RefundForm({ action, id, refundable }: { action: Action; id: string; refundable: number }) {
  const undone = "This cannot be undone.";
  return (
    <ActionForm
      title="Refund"
      intro={`Refundable: ${formatAmount(refundable)}`}
      action={action}
      hidden={{ id, rest: String(refundable) }}
      testId="refund-form"
      fields={[
        {
          name: "amount",
          label: "Amount (EUR)",
          inputMode: "decimal",
          placeholder: (refundable / 100).toFixed(2),
          hint: `Empty refunds the rest (${formatAmount(refundable)}).`,
        },
        { name: "reason", label: "Reason (optional)" },
      ]}
      submitLabel="Refund"
      pendingLabel="Refunding…"
      tone="danger"
      check={(values) =>
        checkAmount(values.amount ?? "", refundable, {
          all: (rest) => `Refund the remaining ${rest} to the shopper? ${undone}`,
          part: (amount) => `Refund ${amount} to the shopper? ${undone}`,
          over: (rest) => `Exceeds the refundable amount (${rest})`,
        })
      }
    />
  );
}

/** The transaction page's capture form: amount (empty captures all); asks with the amount. */
export function CaptureForm({ action, id, authorized }: { action: Action; id: string; authorized: number }) {
  return (
    <ActionForm
      title="Capture"
      action={action}
      hidden={{ id }}
      testId="capture-form"
      fields={[
        {
          name: "amount",
          label: "Amount (EUR)",
          inputMode: "decimal",
          placeholder: (authorized / 100).toFixed(2),
          hint: "Empty captures the whole authorized amount; less releases the rest.",
        },
      ]}
      submitLabel="Capture"
      pendingLabel="Capturing…"
      check={(values) =>
        checkAmount(values.amount ?? "", authorized, {
          all: (all) => `Capture ${all}? The shopper is charged.`,
          part: (amount) =>
            `Capture ${amount} of ${formatAmount(authorized)}? The shopper is charged ${amount}; the rest is released.`,
          over: (all) => `Must not exceed the authorized amount (${all})`,
        })
      }
    />
  );
}
