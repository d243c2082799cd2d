import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors/api-error";

const CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The one error object of every non-2xx JSON response (DESIGN section 4, docs/errors.md). */
export const ErrorSchema = z
  .strictObject({
    code: z.enum(CODES).describe(CODES.map((c) => `${c}: ${ERROR_CODES[c].title}`).join("; ")),
    message: z.string().describe("A readable sentence; do not parse it."),
    details: z
      .looseObject({
        resource: z.string().optional(),
        id: z.string().optional(),
        invalid_fields: z
          .record(z.string(), z.string())
          .optional()
          .describe('101 only: one reason per invalid field, named by its dotted path, e.g. "details.issuer"'),
      })
      .optional()
      .describe("Machine-readable context; which keys appear depends on the code."),
  })
  .meta({ id: "Error", description: "The error object of every non-2xx JSON response." });
