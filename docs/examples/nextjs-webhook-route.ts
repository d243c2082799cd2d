// app/api/payrail/webhooks/route.ts in your Next.js app (App Router)
import { Webhook, WebhookVerificationError } from "standardwebhooks";

type PayrailEvent = {
  type: "transaction" | "refund";
  id: string;
  transaction?: string; // refunds: the transaction refunded
  status: string;
  status_reason: string;
  amount: string;
  merchant_reference: string;
  last_status_update: string;
};

export async function POST(request: Request): Promise<Response> {
  // Verify the raw body: parsing and re-serialising the JSON first would change the signed bytes.
  const body = await request.text();
  let event: PayrailEvent;
  try {
    const webhook = new Webhook(process.env.PAYRAIL_WEBHOOK_SECRET!); // whsec_... of your payment profile
    event = webhook.verify(body, Object.fromEntries(request.headers)) as PayrailEvent;
  } catch (err) {
    if (err instanceof WebhookVerificationError) return new Response("invalid signature", { status: 400 });
    throw err;
  }

  // The same on every retry and resend of this event: skip ids you have already handled.
  const eventId = request.headers.get("webhook-id");
  // Update your order here from event.status, e.g. by merchant_reference. Events may arrive out
  // of order: compare last_status_update, or read GET /v1/transaction/<id> for the current state.
  void eventId;
  void event;

  return new Response(null, { status: 204 });
}
