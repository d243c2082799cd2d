import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CardForm } from "@/components/pay/card-form";
import { PayShell } from "@/components/pay/pay-shell";
import { withSession } from "@/lib/approval/shopper-session";
import { originQuery } from "@/lib/processors/card/hosted-flow";
import { challengeSummary, openCardPage } from "@/lib/approval/card-page";
import { WrongEmbedding } from "@/components/pay/wrong-embedding";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Card payment", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The hosted card page: full page, or inside the merchant's iFrame when the transaction has an origin.
export default async function CardPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const page = await openCardPage(id, query);
  if (!page) return <WrongEmbedding />;
  // A token charge with force_3DSecure: the card is known, the shopper only authenticates. So
  // does a shopper whose 3-D Secure challenge waits (the page was reloaded during it).
  if (page.transaction.details.card_token || (await challengeSummary(page)))
    redirect(withSession(`/pay/${id}/card/3ds${originQuery(page.transaction)}`, page.session));
  const invalid = typeof query.invalid === "string" ? query.invalid.split(",") : [];

  return (
    <PayShell {...page.shell}>
      <CardForm
        action={`/pay/${id}/card/submit${originQuery(page.transaction)}`}
        transactionId={id}
        session={page.session}
        invalid={invalid}
        submitLabel="Pay now"
        resizeTarget={page.origin}
      />
    </PayShell>
  );
}
