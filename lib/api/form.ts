import { readLimited } from "@/lib/api/body";

/**
 * Reads a hosted page's form post (application/x-www-form-urlencoded, what the pages send),
 * bounded in size while it streams in, first value per field, each value cut to `maxValue`
 * characters. Null for anything else. Never logs what it reads: card forms pass through here.
 */
export async function readForm(
  req: Request,
  { maxBytes = 16 * 1024, maxValue = 1024 } = {},
): Promise<Record<string, string> | null> {
  if (!(req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  try {
    const form: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(await readLimited(req.body, maxBytes)))
      if (!(k in form)) form[k] = v.slice(0, maxValue);

    return form;
  } catch {
    return null;
  }
}
