import { readLimited } from "@/lib/api/body";

/**
 * Reads a hosted page's form post (application/x-www-form-urlencoded, what the pages send),
 * bounded in size while it streams in, first value per field, each value cut to `maxValue`
 * characters, a NUL replaced by U+FFFD (PostgreSQL cannot store a NUL: the step failed as an
 * internal error). Replaced, not removed, so a value is never turned into another that is valid
 * (`approve\0` stays an outcome no page offers). Null for anything else. Never logs what it
 * reads: card forms pass through here.
 */
export async function readForm(
  req: Request,
  { maxBytes = 16 * 1024, maxValue = 1024 } = {},
): Promise<Record<string, string> | null> {
  if (!(req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  try {
    const form: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(await readLimited(req.body, maxBytes)))
      if (!(k in form)) form[k] = v.replaceAll("\u0000", "\uFFFD").slice(0, maxValue);

    return form;
  } catch {
    return null;
  }
}
