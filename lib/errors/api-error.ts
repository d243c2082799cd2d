/**
 * The one error type of the API and its code table (DESIGN section 4). Every non-2xx JSON
 * response is `{code, message, details?}` built from an ApiError.
 */
export const ERROR_CODES = {
  "100": { http: 400, title: "Malformed request" },
  "101": { http: 400, title: "Validation failed" },
  "102": { http: 413, title: "Request body too large" },
  "103": { http: 405, title: "Method not allowed" },
  "110": { http: 401, title: "API key missing" },
  "111": { http: 401, title: "API key invalid" },
  "120": { http: 404, title: "Not found" },
  "130": { http: 409, title: "Status does not allow this operation" },
  "131": { http: 422, title: "Idempotency key reused" },
  "132": { http: 409, title: "Idempotency key in flight" },
  "140": { http: 429, title: "Rate limited" },
  "150": { http: 422, title: "Payment product not enabled" },
  "199": { http: 500, title: "Internal error" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorBody = { code: ErrorCode; message: string; details?: Record<string, unknown> };

const MAX_ECHOED_ID = 128;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code].http;
  }

  toBody(): ErrorBody {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }

  /** The id as the caller sent it, cut to 128 characters (`…` marks the cut): never a 5,000-character echo. */
  static notFound(resource: string, id: string): ApiError {
    const shown = id.length > MAX_ECHOED_ID ? `${id.slice(0, MAX_ECHOED_ID)}…` : id;
    return new ApiError("120", `No ${resource} with id ${JSON.stringify(shown)}.`, { resource, id: shown });
  }

  static validation(resource: string, invalidFields: Record<string, string>): ApiError {
    const entries = Object.entries(invalidFields);
    const [field, reason] = entries[0] ?? ["(body)", "invalid"];
    const more = entries.length > 1 ? ` (and ${entries.length - 1} more)` : "";
    return new ApiError("101", `The ${resource} is invalid: ${field || "(body)"}: ${reason}${more}.`, {
      resource,
      invalid_fields: invalidFields,
    });
  }
}

/** The value, or null when it is "not found" (120): for a lookup whose absence is an answer. */
export async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ApiError && err.code === "120") return null;
    throw err;
  }
}
