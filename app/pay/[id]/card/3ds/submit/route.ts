import { applyShopperOutcome } from "@/lib/approval/approval";
import { badForm, cardStepResponse, readCardForm } from "@/lib/approval/card-steps";
import { returnOnFailure } from "@/lib/approval/failure";

// POST /pay/<id>/card/3ds/submit – the sandbox 3-D Secure challenge's answer
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const form = await readCardForm(req);
  if (!form || !["approve", "fail", "cancel"].includes(form.outcome ?? "")) return badForm();

  return returnOnFailure(id, async () =>
    cardStepResponse(
      id,
      await applyShopperOutcome(id, { outcome: `3ds_${form.outcome}`, form, page: "card" }),
      form.s ?? "",
    ),
  );
}
