import { completeApproval } from "@/lib/approval/approval";
import { readForm } from "@/lib/api/form";
import { friendlyPage, paymentNotFound, seeOther } from "@/lib/approval/html";

// POST /pay/<id>/complete – a hosted page's form: apply the shopper's outcome, back to the merchant
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const form = await readForm(req);
  if (!form)
    return friendlyPage({
      title: "Invalid request",
      message: "The payment form could not be read. Please go back and try again.",
      status: 400,
    });
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
