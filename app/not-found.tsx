import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6">
      <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">Payrail sandbox</p>
      <h1 className="mt-2 text-2xl font-bold">Not found</h1>
      <p className="mt-3 text-slate-600">
        This page or payment link is unknown or no longer valid. If you were paying, please return to the shop and try
        again.
      </p>
      <Link href="/" className="mt-6 text-sm font-medium text-indigo-700 hover:underline">
        Payrail home
      </Link>
    </main>
  );
}
