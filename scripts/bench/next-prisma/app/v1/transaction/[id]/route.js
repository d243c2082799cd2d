import { fail, organisation, prisma, serialize } from "../../../../prisma.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// GET /v1/transaction/<id>: authenticate, then one Prisma `findFirst` scoped by organisation.
export async function GET(request, { params }) {
  const { id } = await params;
  const org = await organisation(request);
  if (!org) return fail(401, "111", "The API key is unknown or revoked.");
  if (!UUID.test(id)) return fail(404, "120", "Unknown transaction");
  const t = await prisma().transaction.findFirst({ where: { id, organisationId: org } });
  return t ? Response.json(serialize(t)) : fail(404, "120", "Unknown transaction");
}
