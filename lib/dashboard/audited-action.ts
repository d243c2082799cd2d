import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { recordAudit } from "@/lib/auth/audit";
import { type DashboardUser, requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, errorState, invalidState } from "@/lib/dashboard/action-state";
import { ApiError } from "@/lib/errors/api-error";

/** What the audit row records of a successful action. */
type Details = Record<string, string | number | boolean>;

/** What a successful action wrote: the audit row's target and details, and what the form shows. */
export type Done = { target: string; details?: Details; message: string; secret?: string };

type Spec<S extends z.ZodType, R> = {
  /** The audit row's action, e.g. "transaction.refund". */
  action: string;
  /** The API's own zod schema for the input: parsed before anything runs, errors next to the field. */
  schema: S;
  /** The input as the API would receive it (built from the form). */
  input: unknown;
  /** The form's fields as typed, given back on an error so the form keeps them. */
  values?: Record<string, string>;
  /** The service call, scoped to the signed-in user's organisation (the services check it). */
  run: (data: z.output<S>, user: DashboardUser) => Promise<R>;
  /** The audit row and the form's answer, from what the service answered. */
  done: (result: R, data: z.output<S>, user: DashboardUser) => Done;
  /** Pages whose data changed. */
  revalidate?: string[];
  /** A service error shown in another way than its message (e.g. a 130 next to its field). */
  onError?: (err: ApiError, values?: Record<string, string>) => ActionState | undefined;
};

/**
 * Every dashboard server action in one shape: the signed-in user (or the login), their
 * organisation only, the input parsed with the API's zod schema, the service call, an audit row,
 * and the form's ActionState. A service's ApiError becomes the form's error; anything else throws.
 */
export async function auditedAction<S extends z.ZodType, R>(spec: Spec<S, R>): Promise<ActionState> {
  const user = await requireDashboardUser();
  const parsed = spec.schema.safeParse(spec.input);
  if (!parsed.success) return invalidState(parsed.error, spec.input, spec.values);
  let result: R;
  try {
    result = await spec.run(parsed.data, user);
  } catch (err) {
    if (err instanceof ApiError) {
      const special = spec.onError?.(err, spec.values);
      if (special) return special;
    }
    return errorState(err, spec.values);
  }
  const done = spec.done(result, parsed.data, user);
  await recordAudit({
    organisationId: user.organisationId,
    userId: user.userId,
    actor: user.email,
    action: spec.action,
    target: done.target,
    details: done.details,
  });
  for (const path of spec.revalidate ?? []) revalidatePath(path);

  return { status: "ok", message: done.message, secret: done.secret };
}
