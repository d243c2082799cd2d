import { createCipheriv, createDecipheriv, randomBytes, randomInt, randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import type { CardToken, Prisma } from "@/lib/generated/prisma/client";
import { detectBrand } from "@/lib/processors/card/rules";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const key = () => Buffer.from(env().VAULT_KEY, "base64");

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url). The key never leaves the process. */
export function encryptCardNumber(number: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(number, "utf8"), cipher.final()]);

  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptCardNumber(sealed: string, aad: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1") throw new Error("unknown vault format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));

  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

export function generateCardToken(): string {
  let body = "";
  for (let i = 0; i < 24; i++) body += BASE62[randomInt(62)];
  return `ctok_${body}`;
}

export type VaultCardOptions = {
  organisationId: string;
  number: string;
  expiryMonth: number;
  expiryYear: number;
  holder: string;
};

/** Stores a card for later token charges: the number only encrypted (bound to its token), plus BIN, last four, brand, expiry. */
export async function vaultCard(client: Prisma.TransactionClient, card: VaultCardOptions): Promise<CardToken> {
  const token = generateCardToken();

  return client.cardToken.create({
    data: {
      id: randomUUID(),
      organisationId: card.organisationId,
      token,
      encryptedNumber: encryptCardNumber(card.number, token),
      bin: card.number.slice(0, 6),
      lastFour: card.number.slice(-4),
      brand: detectBrand(card.number),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holder: card.holder,
    },
  });
}

export const cardNumberOf = (t: Pick<CardToken, "encryptedNumber" | "token">) =>
  decryptCardNumber(t.encryptedNumber, t.token);

/** What a transaction's details say about the card: the spec's field names plus brand and last four. */
export function cardSummary(t: CardToken) {
  return {
    card_token: t.token,
    card_holder: t.holder,
    card_expiry_month: t.expiryMonth,
    card_expiry_year: t.expiryYear,
    card_brand: t.brand,
    card_last_four: t.lastFour,
  };
}
