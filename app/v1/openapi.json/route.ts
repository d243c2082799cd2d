import { otherMethods, withRequestId } from "@/lib/api/next";
import { buildOpenApiDocument } from "@/lib/api/contract/document";

let doc: string | undefined;

// GET /v1/openapi.json – the OpenAPI 3.1 document of this API, generated from the zod schemas; no key needed
export const GET = withRequestId(async () => {
  doc ??= JSON.stringify(buildOpenApiDocument());

  return new Response(doc, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-cache",
      "access-control-allow-origin": "*",
    },
  });
});

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET }, { headFromGet: false });
