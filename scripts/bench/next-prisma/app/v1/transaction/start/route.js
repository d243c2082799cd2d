import { randomUUID } from "node:crypto";
import { fail, isStartShape, organisation, prisma, serialize } from "../../../../prisma.js";

// POST /v1/transaction/start: authenticate, then one Prisma `create` (the work of the bare
// baseline's start, written the way a Next + Prisma app writes it).
export async function POST(request) {
  let body;
  try {
    body = await request.json();
  } catch {
    return fail(400, "100", "Malformed JSON");
  }
  const org = await organisation(request);
  if (!org) return fail(401, "111", "The API key is unknown or revoked.");
  if (!isStartShape(body)) return fail(400, "101", "Invalid transaction");
  const id = randomUUID();
  const now = new Date();
  const details = {
    ...(body.details ?? {}),
    approval_url: `${new URL(request.url).origin}/v1/transaction/${id}/authorize`,
  };
  const t = await prisma().transaction.create({
    data: {
      id,
      organisationId: org,
      paymentProfileId: body.payment_profile,
      customerId: body.customer,
      amount: body.amount,
      paymentProduct: body.payment_product,
      merchantReference: body.merchant_reference ?? "",
      webhookUrl: body.webhook_transaction_update ?? "",
      details,
      status: "INITIATED",
      createdAt: now,
      lastStatusUpdate: now,
    },
  });
  return Response.json(serialize(t), { status: 201 });
}
