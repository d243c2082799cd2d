import type { Metadata } from "next";
import { ActionForm } from "@/components/dashboard/action-form";
import { Section } from "@/components/dashboard/section";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { listApiKeys } from "@/lib/merchants/key-management";
import { createKeyAction, revokeKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };

const time = (d: Date | null) => (d ? `${d.toISOString().replace("T", " ").slice(0, 16)} UTC` : "never");

// Developers → API keys: the organisation's keys (never the key itself), create one, revoke one.
export default async function ApiKeysPage() {
  const organisationId = await requireDashboardOrganisation();
  const keys = await listApiKeys(organisationId);

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-semibold text-slate-600">Developers</p>
        <h1 className="text-2xl font-bold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          Send a key in the <code>apiKey</code> header. A revoked key is refused at once. Last use is recorded at most
          once a minute.
        </p>
      </div>
      <Section title="Create a key">
        <ActionForm
          action={createKeyAction}
          testId="create-key-form"
          fields={[{ name: "name", label: "Name (optional)", placeholder: "e.g. production server" }]}
          submitLabel="Create key"
          pendingLabel="Creating…"
          secretLabel="Your new API key"
        />
      </Section>
      <section className="rounded-xl border border-slate-200 bg-white">
        <h2 className="px-4 pt-4 text-sm font-semibold tracking-wide text-slate-600 uppercase sm:px-5">Keys</h2>
        <ul className="divide-y divide-slate-100" data-testid="api-keys">
          {keys.map((k) => (
            <li
              key={k.id}
              className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-5"
              data-testid="api-key"
            >
              <div className="min-w-0 text-sm">
                <p>
                  <code className="font-mono font-semibold" data-testid="key-prefix">
                    {k.hint}…
                  </code>{" "}
                  {k.name ? <span className="text-slate-700">{k.name}</span> : null}{" "}
                  {k.revokedAt ? (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      revoked
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  Created {time(k.createdAt)} · Last used <span data-testid="last-used">{time(k.lastUsedAt)}</span>
                  {k.revokedAt ? ` · Revoked ${time(k.revokedAt)}` : ""}
                </p>
              </div>
              {k.revokedAt ? null : (
                <ActionForm
                  action={revokeKeyAction}
                  hidden={{ id: k.id }}
                  submitLabel="Revoke"
                  pendingLabel="Revoking…"
                  tone="danger"
                  confirm={`Revoke ${k.hint}…? Requests with it are refused from now on.`}
                />
              )}
            </li>
          ))}
          {keys.length === 0 ? <li className="px-5 py-6 text-sm text-slate-600">No keys.</li> : null}
        </ul>
      </section>
    </div>
  );
}
