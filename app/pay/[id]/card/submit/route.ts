import { applyShopperOutcome } from "@/lib/approval/approval";
import { badForm, cardStepResponse, readCardForm } from "@/lib/approval/card-steps";
import { returnOnFailure } from "@/lib/approval/failure";

// POST /pay/<id>/card/submit – the hosted card form: validate, vault, authorise (or 3-D Secure)
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const form = await readCardForm(req);
  if (!form) return badForm();
  const outcome = form.outcome === "cancel" ? "cancel" : "pay";

  return returnOnFailure(id, async () =>
    cardStepResponse(id, await applyShopperOutcome(id, { outcome, form, page: "card" }), form.s ?? ""),
  );
}
