import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseInput } from "@/lib/errors/validation";
import { generateWebhookSecret } from "@/lib/webhooks/sign";
import { httpUrl, uuid } from "@/lib/schemas/common";
import { eventBody } from "@/lib/webhooks/outbox";
import { sendWebhook } from "@/lib/webhooks/send";
import { signingSecrets, signWebhook } from "@/lib/webhooks/sign";
import { webhookUrlRegistrationProblem } from "@/lib/webhooks/url-guard";

export const WebhookCheckSchema = z.strictObject({
  /** Default: the payment profile's webhook URL. */
  url: httpUrl().optional(),
  /** Whose secret signs the battery; default: the organisation's first payment profile. */
  payment_profile: uuid.optional(),
});

type Check = { name: string; expected: "2xx" | "4xx"; got: string; pass: boolean; advice: string };
export type CheckReport = { url: string; checks: Check[]; passed: number; failed: number };

const CHECK_TIMEOUT_MS = 5_000;

type Battery = {
  name: string;
  expected: "2xx" | "4xx";
  advice: string;
  /** The deliveries sent; the last one's answer is graded (earlier ones set the scene). */
  send: (ctx: Ctx) => { id: string; body: Record<string, unknown>; at?: Date; secret?: string }[];
};

type Ctx = { transactionId: string; valid: { id: string; body: Record<string, unknown> } };

const transactionEvent = (transactionId: string, status: string, at: Date) => ({
  type: "transaction",
  id: transactionId,
  status,
  status_reason: "",
  amount: "1250",
  merchant_reference: "webhook-check",
  last_status_update: at.toISOString(),
});

/**
 * The battery, in order. Every delivery is a real Standard Webhooks request signed with the
 * profile's secret (except where the check is about the signature), about a made-up transaction
 * id, so a handler must not depend on knowing the transaction to answer.
 */
const BATTERY: Battery[] = [
  {
    name: "valid_event",
    expected: "2xx",
    advice: "Answer 2xx to a correctly signed event; anything else makes Payrail retry it for hours.",
    send: ({ valid }) => [valid],
  },
  {
    name: "duplicate_webhook_id",
    expected: "2xx",
    advice:
      "Payrail retries with the same webhook-id: acknowledge one you have already processed with 2xx and change nothing (store the id, unique).",
    send: ({ valid }) => [valid],
  },
  {
    name: "bad_signature",
    expected: "4xx",
    advice:
      "Verify webhook-signature over the raw body with your whsec_ secret (e.g. the standardwebhooks library) and answer 4xx when it does not match.",
    send: ({ transactionId }) => [
      {
        id: randomUUID(),
        body: transactionEvent(transactionId, "SETTLEMENT_COMPLETED", new Date()),
        secret: generateWebhookSecret(),
      },
    ],
  },
  {
    name: "stale_timestamp",
    expected: "4xx",
    advice:
      "Refuse a webhook-timestamp more than 5 minutes away from your clock (replay protection); standardwebhooks does this for you.",
    send: ({ transactionId }) => {
      const at = new Date(Date.now() - 10 * 60_000);
      return [{ id: randomUUID(), body: transactionEvent(transactionId, "SETTLEMENT_COMPLETED", at), at }];
    },
  },
  {
    name: "unknown_event_type",
    expected: "2xx",
    advice: "Acknowledge (2xx) and ignore event types you do not handle: new types may be added at any time.",
    send: ({ transactionId }) => [
      {
        id: randomUUID(),
        body: { type: "payout", id: randomUUID(), transaction: transactionId, status: "PAID", amount: "1250" },
      },
    ],
  },
  {
    name: "older_status_after_newer",
    expected: "2xx",
    advice:
      "Events can arrive out of order: compare last_status_update and ignore older news, but still answer 2xx (or Payrail retries it).",
    send: ({ transactionId }) => {
      const now = Date.now();
      return [
        { id: randomUUID(), body: transactionEvent(transactionId, "SETTLEMENT_COMPLETED", new Date(now)) },
        {
          id: randomUUID(),
          body: transactionEvent(transactionId, "SETTLEMENT_REQUESTED", new Date(now - 60_000)),
        },
      ];
    },
  },
];

/**
 * Sends the battery to a merchant's webhook handler and grades each answer. The URL obeys the
 * same SSRF rule as a profile's webhook URL; nothing is stored and no transaction changes.
 */
export async function checkWebhookHandler(organisationId: string, body: unknown): Promise<CheckReport> {
  const input = parseInput(WebhookCheckSchema, body ?? {}, "webhook_check");
  const profile = await db().paymentProfile.findFirst({
    where: { organisationId, ...(input.payment_profile ? { id: input.payment_profile } : {}) },
    orderBy: { createdAt: "asc" },
  });
  if (!profile) throw ApiError.notFound("payment_profile", input.payment_profile ?? "");
  const url = input.url ?? profile.webhookTransactionUpdate;
  if (!url) throw ApiError.validation("webhook_check", { url: "Required: the payment profile has no webhook URL" });
  const problem = await webhookUrlRegistrationProblem(url);
  if (problem) throw ApiError.validation("webhook_check", { url: problem });

  const transactionId = randomUUID();
  const ctx: Ctx = {
    transactionId,
    valid: { id: randomUUID(), body: transactionEvent(transactionId, "SETTLEMENT_REQUESTED", new Date()) },
  };
  const checks: Check[] = [];
  for (const check of BATTERY) {
    let got = "";
    for (const delivery of check.send(ctx)) {
      const at = delivery.at ?? new Date();
      const text = eventBody(delivery.body);
      const signing = delivery.secret ? { secret: delivery.secret } : signingSecrets(profile, new Date());
      const headers = {
        "content-type": "application/json",
        "user-agent": "Payrail-Webhook-Check/1",
        ...signWebhook({ id: delivery.id, body: text, ...signing, at }),
      };
      const res = await sendWebhook({
        url,
        headers,
        body: text,
        allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS,
        timeoutMs: CHECK_TIMEOUT_MS,
      });
      got = res.statusCode !== null ? String(res.statusCode) : (res.error ?? "no response");
    }
    const status = Number(got);
    const is2xx = status >= 200 && status < 300;
    if (check.expected === "2xx") {
      checks.push({ name: check.name, expected: "2xx", got, pass: is2xx, advice: is2xx ? "" : check.advice });
      continue;
    }
    // A refusal shows the handler checks signatures only if it accepted the correctly signed
    // event: a URL that answers 404 to everything refuses these too, and proves nothing.
    const refused = status >= 400 && status < 500;
    const acceptsValid = checks[0]?.pass === true;
    const pass = refused && acceptsValid;
    const advice = pass
      ? ""
      : refused
        ? `Inconclusive: the correctly signed event was refused too (valid_event got ${checks[0]?.got}), so this ${got} does not show the check. Fix valid_event first.`
        : check.advice;
    checks.push({ name: check.name, expected: "4xx", got, pass, advice });
  }
  const passed = checks.filter((c) => c.pass).length;

  return { url, checks, passed, failed: checks.length - passed };
}
