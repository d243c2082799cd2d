import { type Loaded, loadHosted, returnUrlOf } from "@/lib/approval/approval";
import { friendlyPage, seeOther } from "@/lib/approval/html";
import { log } from "@/lib/log";
import { originQuery } from "@/lib/processors/card/hosted-flow";

/** The `error` a shopper brings back when the service itself failed (spec 4.5.3). */
export const UNEXPECTED_ERROR = "The payment could not be completed because of an unexpected error. Please try again.";

/**
 * Runs a hosted page's step; if it fails unexpectedly, the shopper still goes back to the
 * merchant's `redirect_url` with `error` (inside the card iFrame: the "done" page, which hands
 * that URL to the merchant's window), and only when even that is impossible gets a friendly page.
 */
export async function returnOnFailure(
  id: string,
  run: () => Promise<Response>,
  load: (id: string) => Promise<Loaded | null> = loadHosted,
): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    log().error({ err, transactionId: id }, "hosted page step failed; sending the shopper back with error");
    try {
      const loaded = await load(id);
      const framed = loaded && originQuery(loaded.transaction);
      if (loaded && framed) return seeOther(`/pay/${loaded.transaction.id}/card/done${framed}&e=failed`);
      const url = loaded && returnUrlOf(loaded, UNEXPECTED_ERROR);
      if (url) return seeOther(url);
    } catch (again) {
      log().error({ err: again, transactionId: id }, "the merchant's return address could not be loaded");
    }
    return friendlyPage({
      title: "Something went wrong",
      message: "The payment could not be completed. Please return to the shop and try again.",
      status: 503,
    });
  }
}
