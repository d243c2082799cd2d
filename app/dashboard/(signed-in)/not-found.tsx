import Link from "next/link";

// A transaction, request or page of the dashboard that does not exist (or is another
// organisation's): said inside the dashboard, with its navigation, not as the shopper's page.
export default function DashboardNotFound() {
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold">Not found</h1>
      <p className="mt-3 text-slate-600">
        Nothing here belongs to your organisation. The link may be mistyped, or the item may have been removed (the
        request log keeps the last 1,000 requests).
      </p>
      <div className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
        <Link href="/dashboard/transactions" className="text-indigo-700 hover:underline">
          Transactions
        </Link>
        <Link href="/dashboard" className="text-indigo-700 hover:underline">
          Overview
        </Link>
      </div>
    </div>
  );
}
