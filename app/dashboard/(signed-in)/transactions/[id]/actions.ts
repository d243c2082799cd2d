"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/auth/audit";
import { requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, errorState, field, invalidState } from "@/lib/dashboard/action-state";
import { eurosToCents } from "@/lib/dashboard/money";
import { CaptureSchema, RefundCreateSchema } from "@/lib/schemas/transaction";
import { cancelLean, captureLean, voidLean } from "@/lib/transactions/lean";
import { refundTransaction } from "@/lib/transactions/operations";
import { resendWebhookEventOrThrow } from "@/lib/webhooks/events";

// The transaction page's actions: the API's own schemas and service functions, for the signed-in
// user's organisation only (the services scope every read and write by it), each one audited.

/** "" stays absent; anything else becomes cents, or the text itself so the schema names it. */
const amountInput = (text: string): unknown => (text.trim() === "" ? undefined : (eurosToCents(text) ?? text));

async function audited(
  action: string,
  target: string,
  details: Record<string, string | number>,
  run: (organisationId: string) => Promise<unknown>,
  message: string,
  values?: Record<string, string>,
): Promise<ActionState> {
  const user = await requireDashboardUser();
  try {
    await run(user.organisationId);
  } catch (err) {
    return errorState(err, values);
  }
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action,
    target,
    details,
  });
  revalidatePath(`/dashboard/transactions/${target}`);
  return { status: "ok", message };
}

export async function refundAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { amount: field(form, "amount"), reason: field(form, "reason") };
  const input = { amount: amountInput(values.amount) ?? null, reason: values.reason || undefined };
  const parsed = RefundCreateSchema.safeParse(input);
  if (!parsed.success) return invalidState(parsed.error, input, values);
  const { amount, reason } = parsed.data;
  return audited(
    "transaction.refund",
    id,
    { amount, reason: reason ?? "" },
    (organisationId) => refundTransaction({ organisationId, id, amount, reason }),
    "Refund requested.",
    values,
  );
}

export async function captureAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { amount: field(form, "amount") };
  const input = values.amount.trim() ? { amount: amountInput(values.amount) } : {};
  const parsed = CaptureSchema.safeParse(input);
  if (!parsed.success) return invalidState(parsed.error, input, values);
  const { amount } = parsed.data;
  return audited(
    "transaction.capture",
    id,
    amount === undefined ? {} : { amount },
    (organisationId) => captureLean({ organisationId, id, amount }),
    "Captured.",
    values,
  );
}

export async function voidAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return audited(
    "transaction.void",
    id,
    {},
    (organisationId) => voidLean({ organisationId, id }),
    "Authorization voided.",
  );
}

export async function cancelAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return audited("transaction.cancel", id, {}, (organisationId) => cancelLean({ organisationId, id }), "Cancelled.");
}

export async function resendAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const event = field(form, "event");
  return audited(
    "webhook_event.resend",
    id,
    { event },
    (organisationId) => resendWebhookEventOrThrow({ organisationId, id: event }),
    "Resend queued.",
  );
}
