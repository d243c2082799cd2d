import Link from "next/link";
import { notFound } from "next/navigation";
import { docText } from "@/app/docs/docs-files";

export const dynamic = "force-dynamic";

export default async function DocPage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const text = await docText(name);
  if (text === null) notFound();
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <Link className="text-sm font-medium text-indigo-700 hover:underline" href="/docs">
        ← all docs
      </Link>
      <pre className="mt-4 text-sm leading-relaxed whitespace-pre-wrap">{text}</pre>
    </main>
  );
}
