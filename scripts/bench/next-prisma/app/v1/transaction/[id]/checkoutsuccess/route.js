import { fail, organisation, prisma } from "../../../../../prisma.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUCCESS = new Set(["AUTHORIZED", "SETTLEMENT_REQUESTED", "SETTLEMENT_COMPLETED"]);

// GET /v1/transaction/<id>/checkoutsuccess: authenticate, then one Prisma `findFirst` of the status.
export async function GET(request, { params }) {
  const { id } = await params;
  const org = await organisation(request);
  if (!org) return fail(401, "111", "The API key is unknown or revoked.");
  if (!UUID.test(id)) return fail(404, "120", "Unknown transaction");
  const t = await prisma().transaction.findFirst({
    where: { id, organisationId: org },
    select: { status: true, statusReason: true },
  });
  if (!t) return fail(404, "120", "Unknown transaction");
  return Response.json({ status: t.status, status_reason: t.statusReason, success: SUCCESS.has(t.status) });
}
