"use server";

import { formatAmount } from "@/components/pay/format";
import { type ActionState, errorState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import type { ApiError } from "@/lib/errors/api-error";
import { euroAmountProblem, eurosToCents } from "@/lib/dashboard/money";
import { CaptureSchema, EmptySchema, RefundCreateSchema } from "@/lib/schemas/transaction";
import { cancelLean, captureLean, voidLean } from "@/lib/transactions/lean";
import { refundTransaction } from "@/lib/transactions/operations";
import { resendWebhookEventOrThrow } from "@/lib/webhooks/events";

// The transaction page's actions: the API's own schemas and service functions, for the signed-in
// user's organisation only (the services scope every read and write by it), each one audited.

/** "" stays absent; anything else becomes cents, or the text itself so the schema names it. */
const amountInput = (text: string): unknown => (text.trim() === "" ? undefined : (eurosToCents(text) ?? text));
const page = (id: string) => [`/dashboard/transactions/${id}`];

/**
 * The API names amounts in cents ("Exceeds the refundable amount (1150)"); the form speaks euros,
 * so an amount it names is shown as the page shows money ("(€11.50)").
 */
function amountInEuros(err: ApiError, values?: Record<string, string>): ActionState | undefined {
  const reason = (err.details?.invalid_fields as Record<string, string> | undefined)?.amount;
  const cents = reason?.match(/\((\d+)\)$/)?.[1];
  if (err.code !== "101" || !reason || cents === undefined) return undefined;
  const state = errorState(err, values);
  return {
    ...state,
    fields: { ...state.fields, amount: reason.replace(/\(\d+\)$/, `(${formatAmount(Number(cents))})`) },
  };
}

/**
 * The refund form's amount for the API: an empty field refunds the rest, the refundable amount the
 * page showed (hidden `rest`, in cents). The service still checks it under its lock, so a remainder
 * that shrank meanwhile is refused ("Exceeds the refundable amount (€…)"), never over-refunded.
 */
const REST = /^[1-9]\d{0,9}$/;
const refundInput = (text: string, rest: string): unknown =>
  text.trim() === "" ? (REST.test(rest) ? Number(rest) : null) : amountInput(text);

export async function refundAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { amount: field(form, "amount"), reason: field(form, "reason") };
  const rest = field(form, "rest");
  return auditedAction({
    action: "transaction.refund",
    schema: RefundCreateSchema,
    input: { amount: refundInput(values.amount, rest), reason: values.reason || undefined },
    values,
    // Without a remainder to fall back on (a page of an older version), the amount is asked for.
    precheck: () => ({
      amount:
        euroAmountProblem(values.amount) ||
        (values.amount.trim() === "" && !REST.test(rest) ? "Type the amount to refund in euros" : ""),
    }),
    run: ({ amount, reason }, user) => refundTransaction({ organisationId: user.organisationId, id, amount, reason }),
    onError: amountInEuros,
    done: (_r, { amount, reason }) => ({
      target: id,
      details: { amount, reason: reason ?? "" },
      message: `Refund of ${formatAmount(amount)} requested.`,
    }),
    revalidate: page(id),
  });
}

export async function captureAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { amount: field(form, "amount") };
  return auditedAction({
    action: "transaction.capture",
    schema: CaptureSchema,
    input: values.amount.trim() ? { amount: amountInput(values.amount) } : {},
    values,
    precheck: () => ({ amount: euroAmountProblem(values.amount) }),
    run: ({ amount }, user) => captureLean({ organisationId: user.organisationId, id, amount, actor: "dashboard" }),
    onError: amountInEuros,
    done: (_r, { amount }) => ({
      target: id,
      details: amount === undefined ? undefined : { amount },
      message: "Captured.",
    }),
    revalidate: page(id),
  });
}

export async function voidAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return auditedAction({
    action: "transaction.void",
    schema: EmptySchema,
    input: {},
    run: (_d, user) => voidLean({ organisationId: user.organisationId, id, actor: "dashboard" }),
    done: () => ({ target: id, message: "Authorization voided." }),
    revalidate: page(id),
  });
}

export async function cancelAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return auditedAction({
    action: "transaction.cancel",
    schema: EmptySchema,
    input: {},
    run: (_d, user) => cancelLean({ organisationId: user.organisationId, id, actor: "dashboard" }),
    done: () => ({ target: id, message: "Cancelled." }),
    revalidate: page(id),
  });
}

export async function resendAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const event = field(form, "event");
  return auditedAction({
    action: "webhook_event.resend",
    schema: EmptySchema,
    input: {},
    run: (_d, user) => resendWebhookEventOrThrow({ organisationId: user.organisationId, id: event }),
    done: () => ({ target: id, details: { event }, message: "Resend queued." }),
    revalidate: page(id),
  });
}
