import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { generateApiKey, hashApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/prisma";
import { isUuid } from "@/lib/schemas/common";

/** Issues another key for an organisation (key rotation); the key is shown only here. */
export async function createApiKey(organisationId: string, name = ""): Promise<{ api_key: string; hint: string }> {
  const organisation = isUuid(organisationId)
    ? await db().organisation.findUnique({ where: { id: organisationId }, select: { id: true } })
    : null;
  if (!organisation) throw ApiError.notFound("organisation", organisationId);
  const apiKey = generateApiKey();
  await db().apiKey.create({
    data: { id: randomUUID(), organisationId, hash: hashApiKey(apiKey), hint: apiKey.slice(0, 12), name },
  });

  return { api_key: apiKey, hint: apiKey.slice(0, 12) };
}

/** Revokes a key at once: the next request with it is answered 401 `111`. */
export async function revokeApiKey(apiKey: string): Promise<{ revoked: boolean }> {
  const { count } = await db().apiKey.updateMany({
    where: { hash: hashApiKey(apiKey), revokedAt: null },
    data: { revokedAt: new Date() },
  });

  return { revoked: count === 1 };
}

/** An organisation's keys, newest first: what a list may show (never the hash). */
export function listApiKeys(organisationId: string) {
  return db().apiKey.findMany({
    where: { organisationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, hint: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Revokes one of the organisation's keys by id, at once (another organisation's id is not found). */
export async function revokeApiKeyById(
  organisationId: string,
  id: string,
): Promise<{ revoked: boolean; hint: string; name: string }> {
  const key = isUuid(id)
    ? await db().apiKey.findFirst({ where: { id, organisationId }, select: { id: true, hint: true, name: true } })
    : null;
  if (!key) throw ApiError.notFound("api_key", id);
  const { count } = await db().apiKey.updateMany({
    where: { id, organisationId, revokedAt: null },
    data: { revokedAt: new Date() },
  });

  return { revoked: count === 1, hint: key.hint, name: key.name };
}
