import { openApprovalPage } from "@/lib/approval/approval";
import { paymentNotFound, seeOther } from "@/lib/approval/html";

// GET /v1/transaction/<id>/authorize – the approval_url: the shopper's browser, no API key
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const target = await openApprovalPage((await params).id);
  if (target.kind === "not_found") return paymentNotFound();

  return seeOther(target.kind === "page" ? target.path : target.url);
}
