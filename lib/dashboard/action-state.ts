import { ApiError } from "@/lib/errors/api-error";
import { invalidFields } from "@/lib/errors/validation";
import type { z } from "zod";

/** What a dashboard server action answers to its form. */
export type ActionState = {
  status: "idle" | "ok" | "error";
  message?: string;
  /** Reasons per form field (the API's invalid_fields), shown next to the field. */
  fields?: Record<string, string>;
  /** Shown once (a new API key, an invite link), with a copy button. */
  secret?: string;
  /** The fields as submitted, so a refused form keeps what was typed. */
  values?: Record<string, string>;
};

/** An error of a service (ApiError) as the form's state; anything else is rethrown. */
export function errorState(err: unknown, values?: Record<string, string>): ActionState {
  if (!(err instanceof ApiError)) throw err;
  const fields = (err.details?.invalid_fields as Record<string, string> | undefined) ?? undefined;
  return { status: "error", message: fields ? "Please correct the marked fields." : err.message, fields, values };
}

/** A zod failure of a form as the form's state. */
export function invalidState(error: z.ZodError, input: unknown, values?: Record<string, string>): ActionState {
  return {
    status: "error",
    message: "Please correct the marked fields.",
    fields: invalidFields(error, "", input),
    values,
  };
}

/** A form field's text ("" when absent). */
export const field = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
