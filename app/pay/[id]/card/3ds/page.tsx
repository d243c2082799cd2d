import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { FrameFocus } from "@/components/pay/frame-focus";
import { FrameResizer } from "@/components/pay/frame-resizer";
import { HostedForm } from "@/components/pay/hosted-form";
import { PayShell } from "@/components/pay/pay-shell";
import { SESSION_PARAM, withSession } from "@/lib/approval/shopper-session";
import { WrongEmbedding } from "@/components/pay/wrong-embedding";
import { challengeSummary, openCardPage } from "@/lib/approval/card-page";
import { originQuery } from "@/lib/processors/card/hosted-flow";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "3-D Secure", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The sandbox 3-D Secure challenge (the "issuer's" page), also inside the merchant's iFrame.
export default async function ThreeDSPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const page = await openCardPage(id, query);
  if (!page) return <WrongEmbedding />;
  const card = await challengeSummary(page);
  if (!card) {
    // No challenge waits: back to the card form (a token charge has no form: its card is gone).
    if (page.transaction.details.card_token) notFound();
    redirect(withSession(`/pay/${id}/card${originQuery(page.transaction)}`, page.session));
  }
  const button = "w-full rounded-lg px-4 py-2.5 text-sm font-semibold";

  return (
    <PayShell {...page.shell}>
      <HostedForm method="post" action={`/pay/${id}/card/3ds/submit`} className="space-y-4">
        <input type="hidden" name={SESSION_PARAM} value={page.session} />
        <FrameResizer target={page.origin} />
        <FrameFocus id="three-ds-heading" />
        <div className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-3">
          <h2 id="three-ds-heading" tabIndex={-1} className="text-sm font-semibold text-sky-900 focus:outline-none">
            Sandbox Bank · 3-D Secure
          </h2>
          <p className="mt-1 text-sm text-sky-800">
            Confirm this payment with your {card.brand} ending in <span className="font-mono">{card.lastFour}</span>.
          </p>
        </div>
        <p className="text-xs text-slate-500">Sandbox: choose the result of the authentication.</p>
        <button
          type="submit"
          name="outcome"
          value="approve"
          className={`${button} bg-indigo-600 text-white hover:bg-indigo-500`}
        >
          Authenticate
        </button>
        <button
          type="submit"
          name="outcome"
          value="fail"
          className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          Fail authentication
        </button>
        <button
          type="submit"
          name="outcome"
          value="cancel"
          className="w-full py-1 text-sm font-medium text-slate-500 hover:underline"
        >
          Cancel payment
        </button>
      </HostedForm>
    </PayShell>
  );
}
