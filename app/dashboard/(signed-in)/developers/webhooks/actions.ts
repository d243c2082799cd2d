"use server";

import { z } from "zod";
import { type ActionState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import { PAYMENT_PRODUCTS } from "@/lib/domain/products";
import {
  getPaymentProfileOrThrow,
  PaymentProfilePatchSchema,
  rotateWebhookSecret,
  SecretRotateSchema,
  updatePaymentProfile,
} from "@/lib/merchants/payment-profiles";
import { type CheckReport, checkWebhookHandler, WebhookCheckSchema } from "@/lib/sandbox/webhook-check";
import { resendWebhookEventOrThrow } from "@/lib/webhooks/events";

// Developers → Webhooks and the event log: the API's own services (PATCH /v1/payment-profile/<id>,
// the secret rotation, the webhook tester, the resend), scoped to the signed-in user's
// organisation by those services, each action audited (auditedAction).

const WEBHOOKS = "/dashboard/developers/webhooks";
/** A form's hidden id: the services answer "not found" for one of another organisation. */
const Id = z.string();

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
    webhook_transaction_update: field(form, "webhook_transaction_update").trim(),
    // Every product ticked is the same as "all" (null), as in the API.
    enabled_products: enabled.length === PAYMENT_PRODUCTS.length ? null : enabled,
    // Off with nothing set: no chaos at all (null); off with settings: kept, switched off.
    webhook_chaos: !chaosOn && untouched ? null : chaos,
  };
}

export async function updateProfileAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values: Record<string, string> = {
    webhook_transaction_update: field(form, "webhook_transaction_update"),
    enabled_products: form.getAll("enabled_products").map(String).join(","),
    "webhook_chaos.enabled": field(form, "webhook_chaos.enabled"),
  };
  for (const name of CHAOS_FIELDS) values[name] = field(form, name);

  return auditedAction({
    action: "payment_profile.update",
    schema: PaymentProfilePatchSchema,
    input: profileBody(form),
    values,
    // In the form's terms: the API's schema would say "expected number, received string" and
    // "null enables all".
    precheck: () => {
      const problems: Record<string, string> = {};
      for (const name of CHAOS_FIELDS) {
        const text = values[name].trim();
        if (text !== "" && !Number.isFinite(Number(text))) problems[name] = "Expected a number";
      }
      if (!values.enabled_products) problems.enabled_products = "Tick at least one product";
      return problems;
    },
    run: (body, user) => updatePaymentProfile({ organisationId: user.organisationId, id, body }),
    done: (_profile, body) => ({
      target: id,
      details: {
        webhook_transaction_update: body.webhook_transaction_update ?? "",
        enabled_products: body.enabled_products?.join(",") ?? "all",
        webhook_chaos: JSON.stringify(body.webhook_chaos),
      },
      message: "Saved.",
      extra: { values },
    }),
    revalidate: [WEBHOOKS],
  });
}

export async function revealSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  return auditedAction({
    action: "webhook_secret.reveal",
    schema: Id,
    input: field(form, "id"),
    run: (id, user) => getPaymentProfileOrThrow({ organisationId: user.organisationId, id }),
    done: (profile) => ({ target: profile.id, secret: profile.webhookSecret }),
  });
}

export async function rotateSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  const values = { overlap_hours: field(form, "overlap_hours") };
  // The API's field is seconds; the form asks for hours, and names its problems in hours.
  const text = values.overlap_hours.trim();
  const hours = /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : undefined;
  const body = hours === undefined ? {} : { overlap_seconds: Math.round(hours * 3600) };
  return auditedAction({
    action: "webhook_secret.rotate",
    schema: SecretRotateSchema,
    input: body,
    values,
    precheck: () => ({
      overlap_hours:
        text === ""
          ? ""
          : hours === undefined
            ? "Expected a number of hours, e.g. 24 or 1.5"
            : hours > 168
              ? "At most 168 hours (7 days)"
              : "",
    }),
    run: (input, user) => rotateWebhookSecret({ organisationId: user.organisationId, id, body: input }),
    done: (rotated) => {
      const until = rotated.profile.previousSecretExpiresAt;
      return {
        target: id,
        details: { previous_secret_until: until?.toISOString() ?? "" },
        message: until
          ? `Rotated: Reveal shows the new secret. The old one keeps signing too until ${until.toISOString().replace("T", " ").slice(0, 16)} UTC.`
          : "Rotated: Reveal shows the new secret. The old one no longer signs.",
      };
    },
    revalidate: [WEBHOOKS],
  });
}

export type CheckState = ActionState & { report?: CheckReport };

export async function checkHandlerAction(_: CheckState, form: FormData): Promise<CheckState> {
  const id = field(form, "id");
  const values = { url: field(form, "url") };
  const url = values.url.trim();

  return auditedAction({
    action: "webhook.check",
    schema: WebhookCheckSchema,
    input: { payment_profile: id, ...(url ? { url } : {}) },
    values,
    run: (input, user) => checkWebhookHandler(user.organisationId, input),
    done: (report) => ({
      target: id,
      details: { url: report.url, passed: report.passed, failed: report.failed },
      message: `${report.passed} of ${report.checks.length} checks passed.`,
      extra: { values, report },
    }),
  });
}

export async function resendEventAction(_: ActionState, form: FormData): Promise<ActionState> {
  return auditedAction({
    action: "webhook_event.resend",
    schema: Id,
    input: field(form, "event"),
    run: (id, user) => resendWebhookEventOrThrow({ organisationId: user.organisationId, id }),
    done: (_event, id) => ({ target: id, message: "Resend queued." }),
    revalidate: ["/dashboard/developers/events"],
  });
}
