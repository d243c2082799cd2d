import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { recordAudit } from "@/lib/auth/audit";
import { type DashboardUser, requireDashboardUser } from "@/lib/auth/next-auth";
import { type ActionState, errorState, invalidState } from "@/lib/dashboard/action-state";
import { ApiError } from "@/lib/errors/api-error";

/** What the audit row records of a successful action. */
type Details = Record<string, string | number | boolean>;

/** What a successful action wrote: the audit row's target and details, and what the form shows. */
export type Done<X extends object = object> = {
  target: string;
  details?: Details;
  message?: string;
  secret?: string;
  /** More of the form's state (e.g. the fields as saved, a report to show). */
  extra?: X;
};

type Spec<S extends z.ZodType, R, X extends object> = {
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
  done: (result: R, data: z.output<S>, user: DashboardUser) => Done<X>;
  /** Pages whose data changed. */
  revalidate?: string[];
  /**
   * Reasons per field in the form's own terms (e.g. a euro amount, which the schema would name in
   * cents): shown instead of the schema's reason for the same field, with the schema's reasons for
   * the others. Any reason stops the action.
   */
  precheck?: () => Record<string, string>;
  /** A service error shown in another way than its message (e.g. a 130 next to its field). */
  onError?: (err: ApiError, values?: Record<string, string>) => ActionState | undefined;
};

/**
 * Every dashboard server action in one shape: the signed-in user (or the login), their
 * organisation only, the input parsed with the API's zod schema, the service call, an audit row,
 * and the form's ActionState. A service's ApiError becomes the form's error; anything else throws.
 */
export async function auditedAction<S extends z.ZodType, R, X extends object = object>(
  spec: Spec<S, R, X>,
): Promise<ActionState & Partial<X>> {
  // An error state carries none of X's fields (they are all optional to the form).
  const failed = (state: ActionState) => state as ActionState & Partial<X>;
  const user = await requireDashboardUser();
  const problems = Object.fromEntries(Object.entries(spec.precheck?.() ?? {}).filter(([, reason]) => reason));
  const parsed = spec.schema.safeParse(spec.input);
  if (!parsed.success || Object.keys(problems).length) {
    const state = parsed.success
      ? { status: "error" as const, message: "Please correct the marked fields.", values: spec.values }
      : invalidState(parsed.error, spec.input, spec.values);
    return failed({ ...state, fields: { ...state.fields, ...problems } });
  }
  let result: R;
  try {
    result = await spec.run(parsed.data, user);
  } catch (err) {
    if (err instanceof ApiError) {
      const special = spec.onError?.(err, spec.values);
      if (special) return failed(special);
    }
    return failed(errorState(err, spec.values));
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

  return { ...(done.extra as Partial<X>), status: "ok", message: done.message, secret: done.secret };
}
