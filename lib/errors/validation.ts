import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Turns zod issues into `{"details.issuer": "Required", ...}`: one readable reason per field, the
 * field named by its dotted path in the request. A missing field says "Required", or the schema's
 * own message when that says more and starts so ("Required when the shopper must approve ...").
 * Field names are the request's own keys, so the map has no prototype: a field called
 * `constructor`, `toString` or `__proto__` is reported like any other.
 */
export function invalidFields(error: z.ZodError, prefix = "", input?: unknown): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  const add = (path: PropertyKey[], reason: string) => {
    const key = [prefix, ...path.map(String)].filter(Boolean).join(".") || "(body)";
    if (!Object.hasOwn(fields, key)) fields[key] = reason;
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key], "Unknown field");
    } else if (
      (issue.code === "invalid_type" || issue.code === "invalid_union" || issue.code === "invalid_value") &&
      valueAt(input, issue.path) === undefined
    ) {
      add(issue.path, issue.message.startsWith("Required") ? issue.message : "Required");
    } else {
      add(issue.path, issue.message);
    }
  }
  return Object.fromEntries(Object.entries(fields)); // a plain object again, with the same own keys
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, key)) return undefined;
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
