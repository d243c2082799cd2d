"use server";

import { z } from "zod";
import { type ActionState, field } from "@/lib/dashboard/action-state";
import { auditedAction } from "@/lib/dashboard/audited-action";
import { createApiKey, revokeApiKeyById } from "@/lib/merchants/key-management";
import { optionalText } from "@/lib/schemas/common";
import { EmptySchema } from "@/lib/schemas/transaction";

const KeyNameSchema = z.strictObject({ name: optionalText(100) });
const keysPage = ["/dashboard/developers/api-keys"];

export async function createKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  const values = { name: field(form, "name") };
  return auditedAction({
    action: "api_key.create",
    schema: KeyNameSchema,
    input: values,
    values,
    run: ({ name }, user) => createApiKey(user.organisationId, name ?? ""),
    done: (created, { name }) => ({
      target: created.hint,
      details: { name: name ?? "" },
      message: "Key created. Copy it now: it is not shown again.",
      secret: created.api_key,
    }),
    revalidate: keysPage,
  });
}

export async function revokeKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  const id = field(form, "id");
  return auditedAction({
    action: "api_key.revoke",
    schema: EmptySchema,
    input: {},
    run: (_d, user) => revokeApiKeyById(user.organisationId, id),
    // The same target as the key's creation (its prefix), so the audit log pairs them.
    done: (r) => ({ target: r.hint, details: { id, name: r.name }, message: "Revoked." }),
    revalidate: keysPage,
  });
}
