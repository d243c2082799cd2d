import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Turns zod issues into `{"details.issuer": "Required", ...}`: one readable reason per field, the
 * field named by its dotted path in the request.
 */
export function invalidFields(error: z.ZodError, prefix = "", input?: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: PropertyKey[], reason: string) => {
    const key = [prefix, ...path.map(String)].filter(Boolean).join(".");
    fields[key || "(body)"] ??= reason;
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key], "Unknown field");
    } else if (
      (issue.code === "invalid_type" || issue.code === "invalid_union" || issue.code === "invalid_value") &&
      valueAt(input, issue.path) === undefined
    ) {
      add(issue.path, "Required");
    } else {
      add(issue.path, issue.message);
    }
  }
  return fields;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Parses `input` with `schema` or throws ApiError 101 naming every invalid field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, resource: string, prefix = ""): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ApiError.validation(resource, invalidFields(result.error, prefix, input));
  return result.data;
}
