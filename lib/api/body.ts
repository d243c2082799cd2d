import { ApiError } from "@/lib/errors/api-error";

export const MAX_BODY_BYTES = 64 * 1024;
const MAX_DEPTH = 32;

/**
 * Reads a JSON request body: JSON content type, at most 64 KiB (checked before and while
 * reading), a JSON object at the top. An empty body is `undefined`; the endpoint decides whether
 * that is allowed.
 */
export async function readJsonBody(
  headers: Pick<Headers, "get">,
  stream: ReadableStream<Uint8Array> | Uint8Array | null,
  resource = "request",
): Promise<unknown> {
  const declared = Number(headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const text = stream instanceof Uint8Array ? utf8(stream) : await readLimited(stream);
  if (text.trim() === "") return undefined;
  const type = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError("100", "The request body must be JSON, sent with Content-Type: application/json.", {
      content_type: type.slice(0, 100) || "(none)",
    });
  }
  const charset = declaredCharset(headers.get("content-type") ?? "");
  if (charset !== null && charset !== "utf-8" && charset !== "utf8") {
    // JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset would be misread.
    throw new ApiError("100", "The request body must be JSON in UTF-8 (charset=utf-8 or no charset).", {
      charset: charset.slice(0, 100),
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ApiError("100", "The request body is not valid JSON.", { reason: jsonErrorReason(e) });
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("100", "The request body must be a JSON object.");
  }
  const invalid = findUnstorableStrings(value);
  // The full scan only when some "amount" is written with a fraction or exponent at all.
  const amount = /"amount"\s*:\s*-?\d+[.eE]/.test(text) ? topLevelNumberText(text, "amount") : undefined;
  // Only a whole number written as a decimal: any other amount (12.5, "100") is the schema's to name.
  const written = (value as Record<string, unknown>).amount;
  if (amount !== undefined && /[.eE]/.test(amount) && Number.isInteger(written))
    invalid.amount = "Expected an integer amount in minor units (cents), no decimal point";
  if (Object.keys(invalid).length) throw ApiError.validation(resource, invalid);

  return value;
}

/**
 * How a top-level number was written in the JSON text (`"amount": 1000.0` gives "1000.0"), or
 * undefined when `key` is not a top-level number. JSON.parse reads `1000.0` and `1e3` as 1000;
 * the spec's amount has "no decimal point", and a merchant sending `10.00` for ten euros must
 * hear about it rather than be charged ten cents. `text` must be a JSON object that JSON.parse
 * accepted. The last occurrence wins, as in JSON.parse.
 */
export function topLevelNumberText(text: string, key: string): string | undefined {
  let i = text.indexOf("{") + 1;
  let found: string | undefined;
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const readString = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skipValue = () => {
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') {
        readString();
        continue;
      }
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      i++;
    } while (i < text.length && (depth > 0 || !",}".includes(text[i])));
  };
  for (;;) {
    skipSpace();
    if (text[i] !== '"') return found;
    const name = readString();
    skipSpace();
    i++; // ':'
    skipSpace();
    const start = i;
    skipValue();
    const raw = text.slice(start, i).trim();
    found = name === key ? (/^-?\d/.test(raw) ? raw : undefined) : found;
    skipSpace();
    if (text[i] !== ",") return found;
    i++;
  }
}

/**
 * JSON allows strings that no database text column takes: NUL characters and lone UTF-16
 * surrogates (`"\ud800"`). They are refused for every endpoint here, by field path.
 */
export function findUnstorableStrings(
  value: unknown,
  path: string[] = [],
  found: Record<string, string> = {},
): Record<string, string> {
  const bad = (s: string) => s.includes("\u0000") || !s.isWellFormed();
  if (path.length > MAX_DEPTH) {
    found[path.slice(0, MAX_DEPTH).join(".")] = `Nested more than ${MAX_DEPTH} levels deep`;
  } else if (typeof value === "string") {
    if (bad(value)) found[path.join(".") || "(body)"] = "Contains a NUL character or invalid Unicode";
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (bad(k)) found[[...path, "(key)"].join(".")] = "Field name contains a NUL character or invalid Unicode";
      else findUnstorableStrings(v, [...path, k], found);
    }
  }
  return found;
}

/** The body as UTF-8 text, refusing (102) more than `limit` bytes while it streams in. */
export async function readLimited(stream: ReadableStream<Uint8Array> | null, limit = MAX_BODY_BYTES): Promise<string> {
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return utf8(Buffer.concat(chunks));
}

/** Bytes already read within the cap (the custom server's glue) as text. */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("100", "The request body is not valid UTF-8.");
  }
}

/**
 * Why JSON.parse failed, without any of the input: V8's messages quote the body ("Unexpected
 * token 'x', \"{card_number: 4111...\" is not valid JSON"), and an error must never echo what was
 * sent (it may be a card number, and it ends up in logs). Only the position is kept.
 */
function jsonErrorReason(e: unknown): string {
  const message = e instanceof Error ? e.message : "";
  const position = message.match(/at position (\d+)/)?.[1];
  if (position) return `Syntax error at position ${position}`;
  if (/end of (JSON|data) input/i.test(message)) return "Unexpected end of input";

  return "Syntax error";
}

function tooLarge() {
  return new ApiError("102", `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, {
    limit_bytes: MAX_BODY_BYTES,
  });
}

/** The `charset` parameter of a Content-Type header, lower-cased and unquoted; null when none. */
function declaredCharset(contentType: string): string | null {
  for (const param of contentType.split(";").slice(1)) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    return param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return null;
}
