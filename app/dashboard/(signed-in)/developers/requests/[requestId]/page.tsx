import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { requireDashboardOrganisation } from "@/lib/auth/next-auth";
import { getRequestLogEntry } from "@/lib/dashboard/request-log";

export const metadata: Metadata = { title: "Request" };

type Props = { params: Promise<{ requestId: string }> };

const REQUEST_ID = /^req_[0-9a-f]{24}$/;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v, null, 2));

// One request of the log: what was asked and answered, bodies as stored (already redacted).
export default async function RequestLogEntryPage({ params }: Props) {
  const organisationId = await requireDashboardOrganisation();
  const { requestId } = await params;
  const entry = REQUEST_ID.test(requestId) ? await getRequestLogEntry(organisationId, requestId) : null;
  if (!entry) notFound();
  const facts: [string, string][] = [
    ["Request-Id", entry.requestId],
    ["Time (UTC)", entry.createdAt.toISOString().replace("T", " ").slice(0, 23)],
    ["Method", entry.method],
    ["Path", entry.query ? `${entry.path}?${entry.query}` : entry.path],
    [
      "Status",
      entry.replayed ? `${entry.status}, replayed from its Idempotency-Key (nothing ran again)` : String(entry.status),
    ],
    ["Duration", `${entry.durationMs} ms`],
  ];

  return (
    <div className="space-y-4">
      <div>
        <Link href="/dashboard/developers/requests" className="text-sm font-medium text-indigo-700 hover:underline">
          ← Request log
        </Link>
        <h1 className="mt-1 text-2xl font-bold break-all">
          {entry.method} {entry.path}
        </h1>
      </div>
      <dl className="grid gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[10rem_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-slate-600">{k}</dt>
            <dd className="font-mono text-xs break-all sm:text-sm" data-testid={`fact-${k}`}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <Body label="Request body" testId="request-body" text={json(entry.requestBody)} />
      <Body label="Response body" testId="response-body" text={json(entry.responseBody)} />
      <p className="text-xs text-slate-600">
        Card numbers, CVCs, tokens and secrets were replaced by <code>[redacted]</code> before the request was stored.
      </p>
    </div>
  );
}

function Body({ label, testId, text }: { label: string; testId: string; text: string | null }) {
  return (
    <section className="space-y-1">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{label}</h2>
      {text === null ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ScrollRegion
          label={label}
          className="max-h-[28rem] overflow-auto rounded-xl border border-slate-200 bg-slate-50"
        >
          <pre className="p-3 font-mono text-xs" data-testid={testId}>
            {text}
          </pre>
        </ScrollRegion>
      )}
    </section>
  );
}
