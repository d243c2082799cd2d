import { z } from "zod";
import { db } from "@/lib/db/prisma";

/** The most transactions one click of Seed demo data writes (it runs inside the request). */
export const SEED_MAX = 5_000;

/** Seed demo data: how many transactions (the CLI takes up to 200,000; the dashboard fewer). */
export const SeedFormSchema = z.strictObject({
  transactions: z
    .number("Expected a whole number")
    .int("Expected a whole number")
    .min(1, "At least 1")
    .max(SEED_MAX, `At most ${SEED_MAX} from the dashboard (the CLI seeds more)`),
});

/** Reset sandbox: the organisation's name, typed, is the confirmation. */
export const resetFormSchema = (organisationName: string) =>
  z.strictObject({
    confirmation: z.literal(organisationName, `Type the organisation name exactly: ${organisationName}`),
  });

export async function organisationName(organisationId: string): Promise<string> {
  const org = await db().organisation.findUnique({ where: { id: organisationId }, select: { name: true } });
  return org?.name ?? "";
}

/** "12 transactions, 1 customer, …" from counts by plural name (the reset's, the seed's). */
export const countsText = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([k, v]) => `${v} ${k.replaceAll("_", " ").replace(/s$/, v === 1 ? "" : "s")}`)
    .join(", ");
