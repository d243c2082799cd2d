import { openApprovalPage } from "@/lib/approval/approval";
import { returnOnFailure } from "@/lib/approval/failure";
import { paymentNotFound, seeOther } from "@/lib/approval/html";

// GET /v1/transaction/<id>/authorize – the approval_url: the shopper's browser, no API key
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = (await params).id;

  return returnOnFailure(id, async () => {
    const target = await openApprovalPage(id);
    if (target.kind === "not_found") return paymentNotFound();
    return seeOther(target.kind === "page" ? target.path : target.url);
  });
}
