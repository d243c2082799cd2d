import { submitCard } from "@/lib/processors/card/hosted-flow";
import { badForm, readCardForm, stepResponse } from "@/lib/approval/card-steps";

// POST /pay/<id>/card/submit – the hosted card form: validate, vault, authorise (or 3-D Secure)
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const form = await readCardForm(req);
  if (!form) return badForm();
  if (form.transaction_id !== undefined && form.transaction_id !== id) return badForm();

  return stepResponse(id, await submitCard(id, form));
}
