import { createHash, randomInt } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { lookupApiKey } from "@/lib/auth/key-cache";
import { noteKeyUse } from "@/lib/auth/key-usage";
import { db } from "@/lib/db/prisma";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = /^sk_test_[0-9A-Za-z]{32}$/;

export type Auth = { organisationId: string; apiKeyId: string };

/** A new key: `sk_test_` + 32 base62 characters (≈190 bits), uniformly drawn. */
export function generateApiKey(): string {
  let body = "";
  for (let i = 0; i < 32; i++) body += BASE62[randomInt(62)];
  return `sk_test_${body}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The key from `apiKey: <key>` (as the original service) or `Authorization: Bearer <key>`. */
export function apiKeyFromHeaders(headers: HeaderReader): string | undefined {
  const direct = headers.get("apikey")?.trim();
  if (direct) return direct;
  const authorization = headers.get("authorization")?.trim();
  // Everything after "Bearer ": a credential with a space in it is a malformed key (111), not a
  // missing one (110).
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1];
}

/** Only `get`: the Next mount passes web Headers, the custom server a light reader over node's headers. */
export type HeaderReader = Pick<Headers, "get">;

/** The key's organisation, from the in-process key cache (lib/auth/key-cache.ts) or one indexed read. */
export async function authenticate(headers: HeaderReader): Promise<Auth> {
  const key = apiKeyFromHeaders(headers);
  if (!key) {
    throw new ApiError("110", "No API key: send it in the apiKey header (or Authorization: Bearer).");
  }
  if (!KEY_PATTERN.test(key)) throw invalidKey();
  const found = await lookupApiKey(hashApiKey(key));
  if (!found) throw invalidKey();
  noteKeyUse(found.apiKeyId);

  return found;
}

/** Whether a key that authenticated a long-lived answer (the event stream) may still be used. */
export async function isApiKeyActive(apiKeyId: string): Promise<boolean> {
  const key = await db().apiKey.findUnique({ where: { id: apiKeyId }, select: { revokedAt: true } });
  return key !== null && key.revokedAt === null;
}

function invalidKey() {
  return new ApiError("111", "The API key is unknown or revoked.");
}
