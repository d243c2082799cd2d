const LINKS = [
  { href: "/store", label: "Demo store", note: "a coffee shop that pays through the API like any merchant" },
  { href: "/dashboard", label: "Dashboard", note: "the merchant's transactions, statuses and webhooks" },
  { href: "/docs/api", label: "API reference", note: "every endpoint, with “try it” against this server" },
  { href: "/v1/openapi.json", label: "OpenAPI document", note: "the contract (OpenAPI 3.1), for clients and tools" },
  { href: "/docs", label: "Docs", note: "guides: payment products, statuses, errors, webhooks" },
  { href: "/health", label: "/health", note: "service and database status" },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Sandbox</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Payrail</h1>
      <p className="mt-4 text-lg text-slate-600">
        A payment transaction service you can integrate and test end to end, offline: customers, sixteen payment
        products, hosted approval pages, status checks and signed webhooks.
      </p>
      <ul className="mt-8 space-y-3">
        {LINKS.map(({ href, label, note }) => (
          <li key={href}>
            <a className="font-medium text-indigo-700 hover:underline" href={href}>
              {label}
            </a>{" "}
            <span className="text-slate-500">{note}</span>
          </li>
        ))}
        <li>
          <code className="rounded bg-slate-200 px-1.5 py-0.5 text-sm">/v1</code>{" "}
          <span className="text-slate-500">the API; send your key in the apiKey header</span>
        </li>
      </ul>
    </main>
  );
}
