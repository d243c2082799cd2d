import type { Metadata } from "next";
import { ActionForm } from "@/components/dashboard/action-form";
import { Section } from "@/components/dashboard/section";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { organisationName, SEED_MAX } from "@/lib/dashboard/settings";
import { resetAction, seedAction } from "./actions";

export const metadata: Metadata = { title: "Settings" };

// Settings: the organisation's sandbox – empty it (typed confirmation), or fill it with demo data.
export default async function SettingsPage() {
  const organisationId = await requireDashboardOrganisation();
  const name = await organisationName(organisationId);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <Section
        title="Seed demo data"
        testId="seed"
        intro="Realistic history over the last 30 days across every payment product and status, with refunds and webhook events (test cards, IBANs and CPFs). Nothing is delivered: seeded webhooks are already decided."
      >
        <div className="max-w-xl">
          <ActionForm
            action={seedAction}
            testId="seed-form"
            fields={[
              {
                name: "transactions",
                label: "Transactions",
                inputMode: "decimal",
                placeholder: "200",
                required: true,
                hint: `1 to ${SEED_MAX.toLocaleString("en")}. The CLI (npm run merchant -- seed) takes more.`,
              },
            ]}
            submitLabel="Seed demo data"
            pendingLabel="Seeding…"
          />
        </div>
      </Section>
      <Section
        title="Reset sandbox"
        testId="reset"
        intro="Deletes the organisation's transactions, customers, SEPA mandates, vaulted cards, webhook events and attempts, and idempotency records. Payment profiles, API keys, users and the audit log stay. This cannot be undone."
      >
        <div className="max-w-xl">
          <ActionForm
            action={resetAction}
            testId="reset-form"
            fields={[
              {
                name: "confirmation",
                label: `Type the organisation name (${name}) to confirm`,
                required: true,
                autoComplete: "off",
              },
            ]}
            submitLabel="Reset sandbox"
            pendingLabel="Resetting…"
            tone="danger"
          />
        </div>
      </Section>
    </div>
  );
}
