import { readForm } from "@/lib/api/form";
import { applyShopperOutcome, REJECTED_ERROR, returnUrlOf } from "@/lib/approval/approval";
import { returnOnFailure } from "@/lib/approval/failure";
import { pageErrorQuery } from "@/lib/approval/page-error";
import { friendlyPage, otherBrowserPage, paymentNotFound, seeOther } from "@/lib/approval/html";
import { SESSION_PARAM, withSession } from "@/lib/approval/shopper-session";

const invalidRequest = (message: string) => friendlyPage({ title: "Invalid request", message, status: 400 });

// POST /pay/<id>/complete – a hosted page's form: apply the shopper's outcome, back to the merchant
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = (await params).id;
  const form = await readForm(req);
  if (!form) return invalidRequest("The payment form could not be read. Please go back and try again.");

  return returnOnFailure(id, async () => {
    const result = await applyShopperOutcome(id, { outcome: form.outcome ?? "", form, page: "form" });
    switch (result.kind) {
      case "not_found":
        return paymentNotFound();
      case "unbound":
        return otherBrowserPage();
      case "retry": {
        const [field, reason] = Object.entries(result.fields)[0] ?? ["", "Please check your input"];
        const page = `/pay/${id}?${pageErrorQuery(id, field, reason)}`;
        return seeOther(withSession(page, form[SESSION_PARAM] ?? ""));
      }
      case "continue":
      case "rejected":
      case "closed":
      case "decided": {
        const error = result.kind === "closed" ? result.error : result.kind === "decided" ? undefined : REJECTED_ERROR;
        const url = returnUrlOf(result.loaded, error);
        return url ? seeOther(url) : invalidRequest("This payment has no return address.");
      }
    }
  });
}
