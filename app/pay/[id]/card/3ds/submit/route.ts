import { completeChallenge } from "@/lib/processors/card/hosted-flow";
import { badForm, readCardForm, stepResponse } from "@/lib/approval/card-steps";

// POST /pay/<id>/card/3ds/submit – the sandbox 3-D Secure challenge's answer
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const form = await readCardForm(req);
  if (!form || !["approve", "fail", "cancel"].includes(form.outcome ?? "")) return badForm();

  return stepResponse(id, await completeChallenge(id, form.outcome));
}
