import Link from "next/link";
import { Card } from "@/components/store/ui";

export const metadata = { title: "Page not found", robots: { index: false } };

// An unknown /store/… address (the catch-all [...missing] next door, or a page's notFound()):
// the shop's own page, inside its header, not Payrail's hosted-payment 404.
export default function StoreNotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <Card className="p-6 text-center" data-testid="store-not-found">
        <h1 className="font-serif text-2xl font-bold">We couldn&apos;t find that page</h1>
        <p className="mt-2 text-stone-600">
          The link may be old or mistyped. Our coffee, your cart and your orders are all still here.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link
            href="/store"
            className="inline-flex rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
          >
            Back to the shop
          </Link>
          <Link
            href="/store/orders"
            className="inline-flex rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-50"
          >
            Your orders
          </Link>
        </div>
      </Card>
    </main>
  );
}
