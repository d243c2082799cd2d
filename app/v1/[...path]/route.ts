import { ApiError } from "@/lib/errors/api-error";
import { toResponse } from "@/lib/api/next";

// Any /v1 path that no route serves: the spec's error object instead of an HTML 404 page.
const notFound = async (req: Request) => {
  const path = new URL(req.url).pathname;
  const err = new ApiError("120", `No endpoint ${req.method} ${path}.`, { resource: "endpoint", id: path });

  return toResponse({ status: err.httpStatus, body: err.toBody() });
};

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
