import Link from "next/link";
import { docNames } from "@/app/docs/docs-files";

export const dynamic = "force-dynamic";

export default async function DocsIndex() {
  const names = await docNames();
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Payrail docs</h1>
      <p className="mt-4 text-slate-600">
        The{" "}
        <Link className="font-medium text-indigo-700 hover:underline" href="/docs/api">
          API reference
        </Link>{" "}
        is generated from the{" "}
        <a className="font-medium text-indigo-700 hover:underline" href="/v1/openapi.json">
          OpenAPI document
        </a>
        . The guides:
      </p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        {names.map((n) => (
          <li key={n}>
            <Link className="font-medium text-indigo-700 hover:underline" href={`/docs/${n}`}>
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
