import { readLimited } from "@/lib/api/body";

/**
 * Reads a hosted page's form post (application/x-www-form-urlencoded, what the pages send),
 * bounded in size while it streams in, first value per field, each value cut to `maxValue`
 * characters, without control characters (the pages' fields are single lines; a NUL could not be
 * stored and failed the step as an internal error). Null for anything else. Never logs what it
 * reads: card forms pass through here.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export async function readForm(
  req: Request,
  { maxBytes = 16 * 1024, maxValue = 1024 } = {},
): Promise<Record<string, string> | null> {
  if (!(req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  try {
    const form: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(await readLimited(req.body, maxBytes)))
      if (!(k in form)) form[k] = v.replace(CONTROL_CHARACTERS, "").slice(0, maxValue);

    return form;
  } catch {
    return null;
  }
}
