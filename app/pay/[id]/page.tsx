import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { HostedForm } from "@/components/pay/hosted-form";
import { PayShell } from "@/components/pay/pay-shell";
import { PRODUCT_FORMS } from "@/components/pay/product-forms";
import { Alert, PAGE_ERROR_ID } from "@/components/pay/ui";
import { getPayPage } from "@/lib/approval/approval";
import { pageError } from "@/lib/approval/page-error";
import { SESSION_PARAM, withSession } from "@/lib/approval/shopper-session";
import { originQuery } from "@/lib/processors/card/hosted-flow";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Complete your payment", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The hosted sandbox page of a transaction awaiting the shopper (reached through approval_url).
export default async function PayPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const data = await getPayPage(id, typeof query.s === "string" ? query.s : undefined);
  if (!data) notFound();
  // Not opened through approval_url in this browser, or already finished: the authorize route decides.
  if (!data.awaiting || data.status === "INITIATED" || !data.session) redirect(`/v1/transaction/${id}/authorize`);
  if (data.page === "card") redirect(withSession(`/pay/${id}/card${originQuery(data)}`, data.session));

  const Form = PRODUCT_FORMS[data.page as Exclude<typeof data.page, "card">];
  const error = pageError(id, query);

  return (
    <PayShell merchantName={data.merchantName} amount={data.amount} descriptor={data.descriptor} label={data.label}>
      <HostedForm method="post" action={`/pay/${id}/complete`} className="space-y-4">
        <input type="hidden" name="transaction_id" value={id} />
        <input type="hidden" name={SESSION_PARAM} value={data.session} />
        {error ? <Alert id={PAGE_ERROR_ID}>{error.message}</Alert> : null}
        <Form data={data} invalid={error?.field} />
      </HostedForm>
    </PayShell>
  );
}
