import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CardDone } from "@/components/pay/card-done";
import { PayShell } from "@/components/pay/pay-shell";
import { WrongEmbedding } from "@/components/pay/wrong-embedding";
import { returnUrlOf } from "@/lib/approval/approval";
import { loadCardPage } from "@/lib/approval/card-page";
import { doneError } from "@/lib/approval/card-steps";
import { originQuery } from "@/lib/processors/card/hosted-flow";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payment complete", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The end of the card flow inside the iFrame: hands the return URL to the merchant's page.
export default async function CardDonePage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const page = await loadCardPage(id, typeof query.o === "string" ? query.o : undefined);
  if (!page) notFound();
  if (!page.embeddedCorrectly) return <WrongEmbedding />;
  const e = typeof query.e === "string" ? query.e : undefined;
  // Still open: back to the form, unless this frame is not the browser that holds the payment.
  if (page.awaiting && e !== "elsewhere") redirect(`/pay/${id}/card${originQuery(page.transaction)}`);
  const error = doneError(e, page.transaction.status);
  const redirectUrl = page.transaction.details.redirect_url;
  const url = returnUrlOf({ transaction: page.transaction, redirectUrl }, error);
  if (!url) notFound();
  const fn = page.transaction.details.redirect_parent_function;

  return (
    <PayShell {...page.shell}>
      <CardDone
        url={url}
        parentOrigin={page.origin ?? null}
        redirectParentFunction={typeof fn === "string" ? fn : null}
      />
    </PayShell>
  );
}
