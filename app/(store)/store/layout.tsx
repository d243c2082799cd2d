import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import { readCart } from "@/lib/store/cart-cookie";

export const metadata: Metadata = {
  title: { default: "Payrail Coffee Co.", template: "%s · Payrail Coffee Co." },
  description: "Payrail's demo store: specialty coffee and brewing gear, paid through the Payrail sandbox.",
};

// Every store page reads the cart cookie (header badge) or the store's orders.
export const dynamic = "force-dynamic";

export default async function StoreLayout({ children }: { children: ReactNode }) {
  const cart = await readCart();

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      {/* As in the dashboard: the first Tab stop, visible only when focused; every store page's main is #main. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900 focus:shadow"
      >
        Skip to content
      </a>
      {/* The demo notice is part of the page's banner landmark (axe "region": no content outside landmarks). */}
      <header className="border-b border-stone-200 bg-white/90 backdrop-blur">
        <p className="bg-amber-400 px-4 py-1.5 text-center text-xs font-semibold tracking-wide text-amber-950 uppercase">
          <span className="sm:hidden">Demo store · sandbox payments</span>
          <span className="hidden sm:inline">
            Demo store · payments run in the Payrail sandbox · no real money moves
          </span>
        </p>
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link href="/store" className="flex items-center gap-2.5" aria-label="Payrail Coffee Co. home">
            <Image src="/store/logo.svg" alt="" width={36} height={36} priority unoptimized />
            <span className="font-serif text-lg font-bold tracking-tight whitespace-nowrap text-stone-900 sm:text-xl">
              Payrail Coffee<span className="hidden sm:inline"> Co.</span>
            </span>
          </Link>
          <nav className="ml-auto flex items-center gap-1 text-sm font-medium sm:gap-2">
            <Link
              href="/store"
              className="hidden rounded-lg px-2.5 py-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900 sm:block"
            >
              Shop
            </Link>
            <Link
              href="/store/orders"
              className="rounded-lg px-2.5 py-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              Orders
            </Link>
            <Link
              href="/store/cart"
              className="inline-flex items-center gap-2 rounded-lg bg-stone-900 px-3 py-2 text-white hover:bg-stone-800"
              // Starts with the visible text "Cart 1" (WCAG 2.5.3, label in name), then says what the number counts.
              aria-label={`Cart ${cart.count} ${cart.count === 1 ? "item" : "items"}`}
            >
              <CartIcon />
              {/* One inline run, so the visible text is "Cart 1" (with its space), as the name begins. */}
              <span>
                Cart{" "}
                <span
                  className="ml-1 rounded-full bg-amber-400 px-1.5 text-xs font-bold text-amber-950 tabular-nums"
                  data-testid="cart-count"
                >
                  {cart.count}
                </span>
              </span>
            </Link>
          </nav>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-stone-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>Payrail Coffee Co. is a demo merchant: it pays through Payrail&apos;s public API, like any shop would.</p>
          <p>Free shipping from €40 · roasted in Amsterdam</p>
        </div>
      </footer>
    </div>
  );
}

function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}
