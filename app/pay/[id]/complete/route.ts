import { completeApproval } from "@/lib/approval/approval";
import { friendlyPage, paymentNotFound, seeOther } from "@/lib/approval/html";

const MAX_FORM_BYTES = 16 * 1024;

// POST /pay/<id>/complete – a hosted page's form: apply the shopper's outcome, back to the merchant
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const form = await readForm(req);
  if (!form) return friendlyPage({ title: "Invalid request", message: "The payment form could not be read. Please go back and try again.", status: 400 });
  const result = await completeApproval((await params).id, form);
  switch (result.kind) {
    case "not_found":
      return paymentNotFound();
    case "bad_request":
      return friendlyPage({ title: "Invalid request", message: result.message, status: 400 });
    case "retry":
      return seeOther(result.path);
    case "merchant":
      return seeOther(result.url);
  }
}

async function readForm(req: Request): Promise<Record<string, string> | null> {
  const type = req.headers.get("content-type") ?? "";
  if (Number(req.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) return null;
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return null;
  try {
    const data = await req.formData();
    const form: Record<string, string> = {};
    for (const [k, v] of data) if (typeof v === "string" && !(k in form)) form[k] = v.slice(0, 1024);

    return form;
  } catch {
    return null;
  }
}
