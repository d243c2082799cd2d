import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ActionForm } from "@/components/dashboard/action-form";
import { WebhookCheck } from "@/components/dashboard/webhook-check";
import { WebhookProfileForm } from "@/components/dashboard/webhook-profile-form";
import { WebhookSecret } from "@/components/dashboard/webhook-secret";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { listOrganisationProfiles } from "@/lib/dashboard/webhooks";
import { PAYMENT_PRODUCT_LABELS, PAYMENT_PRODUCTS } from "@/lib/domain/products";
import { checkHandlerAction, revealSecretAction, rotateSecretAction, updateProfileAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

const PRODUCTS = PAYMENT_PRODUCTS.map((id) => ({ id, label: PAYMENT_PRODUCT_LABELS[id] }));
const time = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;

// Developers → Webhooks: per payment profile of the organisation, the webhook URL, enabled
// products and chaos settings (PATCH /v1/payment-profile/<id>), the signing secret (reveal,
// rotate with an overlap) and the handler tester (POST /v1/test/webhook-check).
export default async function WebhooksPage() {
  const organisationId = await requireDashboardOrganisation();
  const profiles = await listOrganisationProfiles(organisationId);

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-semibold text-slate-600">Developers</p>
        <h1 className="text-2xl font-bold">Webhooks</h1>
        <p className="mt-1 text-sm text-slate-600">
          Events are signed by the Standard Webhooks rules with the profile's secret. Every delivery and its attempts
          are in the{" "}
          <Link href="/dashboard/developers/events" className="font-medium text-indigo-700 hover:underline">
            event log
          </Link>
          .
        </p>
      </div>
      {profiles.length === 0 ? <p className="text-sm text-slate-600">No payment profile.</p> : null}
      {profiles.map((p) => (
        <article key={p.id} className="space-y-4" data-testid="payment-profile" aria-labelledby={`profile-${p.id}`}>
          <h2 id={`profile-${p.id}`} className="text-lg font-semibold">
            {p.name} <span className="font-mono text-xs font-normal break-all text-slate-600">{p.id}</span>
          </h2>
          <Section title="Endpoint">
            <WebhookProfileForm
              action={updateProfileAction}
              profile={{
                id: p.id,
                webhook_transaction_update: p.webhook_transaction_update,
                enabled_products: p.enabled_products,
                webhook_chaos: p.webhook_chaos as Parameters<typeof WebhookProfileForm>[0]["profile"]["webhook_chaos"],
              }}
              products={PRODUCTS}
            />
          </Section>
          <Section title="Signing secret">
            <div className="space-y-4">
              <WebhookSecret
                key={p.webhook_secret_hint}
                action={revealSecretAction}
                profileId={p.id}
                hint={p.webhook_secret_hint}
              />
              {p.previous_secret_expires_at ? (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="overlap">
                  The previous secret still signs every delivery too (a second signature) until{" "}
                  <time dateTime={p.previous_secret_expires_at}>{time(p.previous_secret_expires_at)}</time>: deploy the
                  new one before then.
                </p>
              ) : null}
              <ActionForm
                action={rotateSecretAction}
                testId="rotate-form"
                hidden={{ id: p.id }}
                fields={[
                  {
                    name: "overlap_hours",
                    label: "Old secret keeps signing for (hours)",
                    inputMode: "decimal",
                    placeholder: "24",
                    hint: "Empty: the configured overlap (24 h by default); 0: the old secret stops at once.",
                  },
                ]}
                submitLabel="Rotate secret"
                pendingLabel="Rotating…"
                tone="danger"
                confirm={
                  p.previous_secret_expires_at
                    ? `Rotate again? The previous secret, which still signs until ${time(p.previous_secret_expires_at)}, stops at once: only the current secret and the new one will sign.`
                    : "Rotate the signing secret? Deliveries are signed with the new secret from now on; the old one only during the overlap."
                }
              />
            </div>
          </Section>
          <Section title="Check my handler">
            <WebhookCheck action={checkHandlerAction} profileId={p.id} defaultUrl={p.webhook_transaction_update} />
          </Section>
        </article>
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      {children}
    </section>
  );
}
