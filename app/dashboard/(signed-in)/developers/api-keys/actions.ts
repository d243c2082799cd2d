"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { recordAudit } from "@/lib/auth/audit";
import { requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, errorState, field, invalidState } from "@/lib/dashboard/action-state";
import { createApiKey, revokeApiKeyById } from "@/lib/merchants/key-management";
import { optionalText } from "@/lib/schemas/common";

const KeyNameSchema = z.strictObject({ name: optionalText(100) });

export async function createKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const values = { name: field(form, "name") };
  const parsed = KeyNameSchema.safeParse(values);
  if (!parsed.success) return invalidState(parsed.error, values, values);
  const name = parsed.data.name ?? "";
  let created: Awaited<ReturnType<typeof createApiKey>>;
  try {
    created = await createApiKey(user.organisationId, name);
  } catch (err) {
    return errorState(err, values);
  }
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: "api_key.create",
    target: created.hint,
    details: { name },
  });
  revalidatePath("/dashboard/developers/api-keys");
  return { status: "ok", message: "Key created. Copy it now: it is not shown again.", secret: created.api_key };
}

export async function revokeKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireDashboardUser();
  const id = field(form, "id");
  try {
    await revokeApiKeyById(user.organisationId, id);
  } catch (err) {
    return errorState(err);
  }
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: "api_key.revoke",
    target: id,
  });
  revalidatePath("/dashboard/developers/api-keys");
  return { status: "ok", message: "Revoked." };
}
