import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors/api-error";

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One documented response of a route (other than the error object, see `errors`). */
type ResponseContract = {
  description: string;
  /** JSON body schema; omit for a response without a JSON body. */
  schema?: z.ZodType;
  /** Content type when the body is not JSON (e.g. text/html); documented without a schema. */
  contentType?: string;
  example?: unknown;
  headers?: Record<string, { description: string; required?: boolean }>;
};

/**
 * A route of the public API as the OpenAPI document describes it: what it takes, what it answers.
 * The document (lib/api/openapi/document.ts) is built from the ROUTES list only; see
 * docs/openapi.md for how to add one.
 */
export type RouteContract = {
  method: HttpMethod;
  /** OpenAPI style path, parameters in braces: `/v1/transaction/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** `apiKey` (default): the apiKey header or a Bearer token is required. `none`: public. */
  auth?: "apiKey" | "none";
  /** Descriptions of the path's `{params}` (each documented as a string). */
  pathParams?: Record<string, string>;
  /** Query parameters: an object schema, one parameter per key. */
  query?: z.ZodObject;
  /** JSON request body. `required: false`: an empty body is read as `{}`. */
  body?: {
    schema: z.ZodType;
    required: boolean;
    example?: unknown;
    /** Named examples (shown instead of `example`), e.g. one per payment product. */
    examples?: Record<string, { summary?: string; value: unknown }>;
  };
  /** Honours an Idempotency-Key header (adds the header, 131 and 132). */
  idempotent?: boolean;
  /** Successful (and other non-error) responses by status. */
  responses: Record<number, ResponseContract>;
  /**
   * The error codes this route answers beyond the automatic ones (110/111 with auth, 100/102 with
   * a body, 131/132 when idempotent, 199 always). Grouped by HTTP status in the document.
   */
  errors?: ErrorCode[];
};
