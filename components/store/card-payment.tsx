"use client";

import Script from "next/script";
import { useEffect, useState } from "react";

declare global {
  interface Window {
    payrailDone?: (url: string) => void;
  }
}

type Props = { approvalUrl: string; scriptSrc: string; functionName: string };

/**
 * The hosted card page in an iFrame. When the shopper is done, the iFrame posts the return URL
 * to this window; Payrail's payrail.js checks the message's origin and calls
 * `window[functionName](url)`. We still only follow it to our own return page.
 */
export function CardPayment({ approvalUrl, scriptSrc, functionName }: Props) {
  const [done, setDone] = useState(false);

  useEffect(() => {
    const w = window as unknown as Record<string, unknown>;
    w[functionName] = (url: string) => {
      let target: URL;
      try {
        target = new URL(url, window.location.href);
      } catch {
        return;
      }
      if (target.origin !== window.location.origin || target.pathname !== "/store/return") return;
      setDone(true);
      // Long enough to see the confirmation; the return page checks the outcome with Payrail.
      window.setTimeout(() => window.location.assign(target.href), 400);
    };
    return () => {
      delete w[functionName];
    };
  }, [functionName]);

  return (
    <div className="relative">
      <Script src={scriptSrc} strategy="afterInteractive" />
      {done ? (
        <div
          role="status"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/95 text-center"
        >
          <span
            className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
            aria-hidden
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
          <p className="font-semibold text-stone-900">Payment complete, redirecting…</p>
        </div>
      ) : null}
      <iframe
        src={approvalUrl}
        title="Card payment"
        className="block h-[560px] w-full rounded-xl border border-stone-200 bg-white"
        allow="payment"
      />
    </div>
  );
}
