"use client";

import { formatAmount } from "@/components/pay/format";
import { ActionForm } from "@/components/dashboard/action-form";
import type { ActionState } from "@/lib/dashboard/action-state";
import { euroAmountProblem, eurosToCents } from "@/lib/dashboard/money";

/**
 * The amount a refund form would refund, checked as the server checks it (empty: the rest;
 * otherwise a euro amount of at least €0.01, not above what is left), before the question is
 * asked: the question then names the amount. The server action stays the authority (the remainder
 * may shrink meanwhile).
 */
function checkRefund(text: string, refundable: number): { fields: Record<string, string> } | { question: string } {
  const undone = "This cannot be undone.";
  if (text.trim() === "")
    return { question: `Refund the remaining ${formatAmount(refundable)} to the shopper? ${undone}` };
  const problem = euroAmountProblem(text);
  const cents = eurosToCents(text);
  if (problem || cents === undefined) return { fields: { amount: problem || "Type the amount to refund in euros" } };
  if (cents > refundable) return { fields: { amount: `Exceeds the refundable amount (${formatAmount(refundable)})` } };
  return { question: `Refund ${formatAmount(cents)} to the shopper? ${undone}` };
}

/** The transaction page's refund form: amount (empty refunds the rest) and reason; asks with the amount. */
export function RefundForm({
  action,
  id,
  refundable,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  id: string;
  /** Cents left to refund, as the page showed them. */
  refundable: number;
}) {
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
      check={(values) => checkRefund(values.amount ?? "", refundable)}
    />
  );
}
