import { cardReturnUrl, loadCardTransaction, originQuery, type CardStep } from "@/lib/processors/card/hosted-flow";
import { readForm } from "@/lib/api/form";
import { friendlyPage, paymentNotFound, seeOther } from "@/lib/approval/html";

/**
 * Turns a step of the card flow into the browser's next location. Inside the merchant's iFrame
 * (an `origin` was given) the flow ends on the "done" page, which hands the return URL to the
 * parent window; on a full page it ends with the redirect to the merchant.
 */
export async function stepResponse(id: string, step: CardStep): Promise<Response> {
  if (step.kind === "not_found") return paymentNotFound();
  const t = await loadCardTransaction(id);
  if (!t) return paymentNotFound();
  const q = originQuery(t);
  const and = q ? "&" : "?";
  switch (step.kind) {
    case "retry": {
      const fields = Object.keys(step.errors).join(",");
      return seeOther(`/pay/${id}/card${q}${fields ? `${and}invalid=${fields}` : ""}`);
    }
    case "challenge":
      return seeOther(`/pay/${id}/card/3ds${q}`);
    case "finished": {
      if (q) return seeOther(`/pay/${id}/card/done${q}${step.error ? `${and}e=${step.error}` : ""}`);
      const url = cardReturnUrl(t, step.error);
      return url
        ? seeOther(url)
        : friendlyPage({ title: "Payment finished", message: "You can close this window.", status: 200 });
    }
  }
}

/** The card forms' bodies: small, short values, never logged. */
export const readCardForm = (req: Request) => readForm(req, { maxBytes: 8 * 1024, maxValue: 256 });

export const badForm = () =>
  friendlyPage({
    title: "Invalid request",
    message: "The card form could not be read. Please go back and try again.",
    status: 400,
  });
