"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/auth/audit";
import { requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, errorState, field } from "@/lib/dashboard/action-state";
import { getPaymentProfileOrThrow, rotateWebhookSecret, updatePaymentProfile } from "@/lib/merchants/payment-profiles";
import { type CheckReport, checkWebhookHandler } from "@/lib/sandbox/webhook-check";
import { resendWebhookEventOrThrow } from "@/lib/webhooks/events";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";

// Developers → Webhooks and the event log: the API's own services (PATCH /v1/payment-profile/<id>,
// the secret rotation, the webhook tester, the resend), scoped to the signed-in user's
// organisation by those services, each action audited.

type User = Awaited<ReturnType<typeof requireDashboardUser>>;

const audit = (user: User, action: string, target: string, details: Record<string, string | number> = {}) =>
  recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action,
    target,
    details,
  });

/** A number field: "" is absent, a number is a number, anything else stays text so the schema names it. */
const numberInput = (text: string): unknown => {
  const t = text.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

const CHAOS_FIELDS = [
  "webhook_chaos.delay_ms.min",
  "webhook_chaos.delay_ms.max",
  "webhook_chaos.duplicate_rate",
  "webhook_chaos.reorder_window_ms",
  "webhook_chaos.fail_first_attempts",
  "webhook_chaos.bad_signature_rate",
] as const;

/** The profile form as the PATCH body (same schema, same service as the API). */
function profileBody(form: FormData) {
  const n = (name: (typeof CHAOS_FIELDS)[number]) => numberInput(field(form, name));
  const enabled = form.getAll("enabled_products").map(String);
  const chaosOn = field(form, "webhook_chaos.enabled") === "on";
  const chaos = {
    enabled: chaosOn,
    delay_ms: { min: n("webhook_chaos.delay_ms.min") ?? 0, max: n("webhook_chaos.delay_ms.max") ?? 0 },
    duplicate_rate: n("webhook_chaos.duplicate_rate") ?? 0,
    reorder_window_ms: n("webhook_chaos.reorder_window_ms") ?? 0,
    fail_first_attempts: n("webhook_chaos.fail_first_attempts") ?? 0,
    bad_signature_rate: n("webhook_chaos.bad_signature_rate") ?? 0,
  };
  const untouched = CHAOS_FIELDS.every((name) => !n(name));

  return {
    webhook_url: field(form, "webhook_url").trim(),
    // Every product ticked is the same as "all" (null), as in the API.
    enabled_products: enabled.length === PAYMENT_PRODUCTS.length ? null : enabled,
    // Off with nothing set: no chaos at all (null); off with settings: kept, switched off.
    webhook_chaos: !chaosOn && untouched ? null : chaos,
  };
}

export async function updateProfileAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const id = field(form, "id");
  const values: Record<string, string> = {
    webhook_url: field(form, "webhook_url"),
    enabled_products: form.getAll("enabled_products").map(String).join(","),
    "webhook_chaos.enabled": field(form, "webhook_chaos.enabled"),
  };
  for (const name of CHAOS_FIELDS) values[name] = field(form, name);
  const body = profileBody(form);
  try {
    await updatePaymentProfile({ organisationId: user.organisationId, id, body });
  } catch (err) {
    return errorState(err, values);
  }
  await audit(user, "payment_profile.update", id, {
    webhook_url: body.webhook_url,
    enabled_products: body.enabled_products?.join(",") ?? "all",
    webhook_chaos: JSON.stringify(body.webhook_chaos),
  });
  revalidatePath("/dashboard/developers/webhooks");
  return { status: "ok", message: "Saved.", values };
}

export async function revealSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const id = field(form, "id");
  let secret: string;
  try {
    secret = (await getPaymentProfileOrThrow({ organisationId: user.organisationId, id })).webhookSecret;
  } catch (err) {
    return errorState(err);
  }
  await audit(user, "webhook_secret.reveal", id);
  return { status: "ok", secret };
}

export async function rotateSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const id = field(form, "id");
  const values = { overlap_hours: field(form, "overlap_hours") };
  const hours = numberInput(values.overlap_hours);
  // The API's field is seconds; the form asks for hours (the schema's reasons name the seconds).
  const body = hours === undefined ? {} : { overlap_seconds: typeof hours === "number" ? hours * 3600 : hours };
  let rotated: Awaited<ReturnType<typeof rotateWebhookSecret>>;
  try {
    rotated = await rotateWebhookSecret({ organisationId: user.organisationId, id, body });
  } catch (err) {
    const state = errorState(err, values);
    const reason = state.fields?.overlap_seconds;
    return reason ? { ...state, fields: { overlap_hours: `${reason} (seconds; at most 168 hours)` } } : state;
  }
  const until = rotated.profile.previousSecretExpiresAt;
  await audit(user, "webhook_secret.rotate", id, { previous_secret_until: until?.toISOString() ?? "" });
  revalidatePath("/dashboard/developers/webhooks");
  return {
    status: "ok",
    message: until
      ? `Rotated: Reveal shows the new secret. The old one keeps signing too until ${until.toISOString().replace("T", " ").slice(0, 16)} UTC.`
      : "Rotated: Reveal shows the new secret. The old one no longer signs.",
  };
}

export type CheckState = ActionState & { report?: CheckReport };

export async function checkHandlerAction(_: CheckState, form: FormData): Promise<CheckState> {
  const user = await requireDashboardUser();
  const id = field(form, "id");
  const values = { url: field(form, "url") };
  const url = values.url.trim();
  let report: CheckReport;
  try {
    report = await checkWebhookHandler(user.organisationId, { payment_profile: id, ...(url ? { url } : {}) });
  } catch (err) {
    return errorState(err, values);
  }
  await audit(user, "webhook.check", id, { url: report.url, passed: report.passed, failed: report.failed });
  return {
    status: "ok",
    message: `${report.passed} of ${report.checks.length} checks passed.`,
    values,
    report,
  };
}

export async function resendEventAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const id = field(form, "event");
  try {
    await resendWebhookEventOrThrow({ organisationId: user.organisationId, id });
  } catch (err) {
    return errorState(err);
  }
  await audit(user, "webhook_event.resend", id);
  revalidatePath("/dashboard/developers/events");
  return { status: "ok", message: "Resend queued." };
}
