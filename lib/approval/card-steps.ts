import { readForm } from "@/lib/api/form";
import {
  closedReturnError,
  ELSEWHERE_ERROR,
  REJECTED_ERROR,
  returnUrlOf,
  type ShopperOutcome,
} from "@/lib/approval/approval";
import { UNEXPECTED_ERROR } from "@/lib/approval/failure";
import { friendlyPage, otherBrowserPage, paymentNotFound, seeOther } from "@/lib/approval/html";
import { withSession } from "@/lib/approval/shopper-session";
import { originQuery } from "@/lib/processors/card/hosted-flow";

/**
 * Turns a step of the card flow into the browser's next location. Inside the merchant's iFrame
 * (an `origin` was given) the flow ends on the "done" page, which hands the return URL to the
 * parent window; on a full page it ends with the redirect to the merchant.
 */
export function cardStepResponse(id: string, step: ShopperOutcome, session: string): Response {
  if (step.kind === "not_found") return paymentNotFound();
  if (step.kind === "unbound") return otherBrowserPage();
  const q = originQuery(step.loaded.transaction);
  const and = q ? "&" : "?";
  switch (step.kind) {
    case "rejected": {
      if (q) return seeOther(`/pay/${id}/card/done${q}&e=rejected`);
      const url = returnUrlOf(step.loaded, REJECTED_ERROR);
      return url ? seeOther(url) : badForm();
    }
    case "retry": {
      const fields = Object.keys(step.fields).join(",");
      return seeOther(withSession(`/pay/${id}/card${q}${fields ? `${and}invalid=${fields}` : ""}`, session));
    }
    case "continue":
      return seeOther(withSession(`/pay/${id}/card/3ds${q}`, session));
    case "closed":
    case "decided": {
      const closed = step.kind === "closed";
      if (q) return seeOther(`/pay/${id}/card/done${q}${closed ? `${and}e=closed` : ""}`);
      const url = returnUrlOf(step.loaded, closed ? step.error : undefined);
      return url
        ? seeOther(url)
        : friendlyPage({ title: "Payment finished", message: "You can close this window.", status: 200 });
    }
  }
}

/** The `error` the "done" page hands to the merchant: from a fixed set, never text from the URL. */
export function doneError(e: string | undefined, status: string): string | undefined {
  if (e === "rejected") return REJECTED_ERROR;
  if (e === "elsewhere") return ELSEWHERE_ERROR;
  if (e === "failed") return UNEXPECTED_ERROR;
  if (e === "closed" || status === "ABANDONED") return closedReturnError(status);
  return undefined;
}

/** The card forms' bodies: small, short values, never logged. */
export const readCardForm = (req: Request) => readForm(req, { maxBytes: 8 * 1024, maxValue: 256 });

export const badForm = () =>
  friendlyPage({
    title: "Invalid request",
    message: "The card form could not be read. Please go back and try again.",
    status: 400,
  });
