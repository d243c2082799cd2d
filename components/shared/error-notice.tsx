"use client";

import { useEffect } from "react";

type Props = {
  /** The digest Next attaches to a server error: the same id is in the server's log. */
  digest?: string;
  /** Above the heading (the sandbox badge), or nothing. */
  eyebrow?: string;
  /** Where "back" leads, with its label. */
  home: { href: string; label: string };
  /** Framed as a page of its own (no surrounding layout) or inside a layout's main area. */
  fullPage?: boolean;
  /** Payrail's colours, or the demo store's own (it is a merchant's site, not Payrail's). */
  tone?: "payrail" | "store";
};

const TONES = {
  payrail: {
    button: "bg-indigo-600 hover:bg-indigo-700 focus:ring-indigo-500",
    link: "text-indigo-700",
    text: "text-slate-600",
  },
  store: {
    button: "bg-stone-900 hover:bg-stone-800 focus:ring-amber-300",
    link: "text-stone-700",
    text: "text-stone-600",
  },
};

/**
 * What every page shows when it could not be rendered: most often the database is briefly out of
 * reach. In production Next hides the server's error message, so the text cannot name the cause;
 * it says what is safe to do (reload: every page is a plain GET) and gives the log reference.
 */
export function ErrorNotice({ digest, eyebrow, home, fullPage = false, tone = "payrail" }: Props) {
  const colours = TONES[tone];
  useEffect(() => {
    if (digest) console.error(`page error (reference ${digest})`);
  }, [digest]);

  return (
    <div
      role="alert"
      className={
        fullPage ? "mx-auto flex min-h-screen max-w-md flex-col justify-center px-6" : "mx-auto max-w-xl py-10"
      }
    >
      {eyebrow ? <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-2xl font-bold">This page could not be loaded</h1>
      <p className={`mt-3 ${colours.text}`}>
        Something went wrong on our side; most often the service is unavailable for a moment. Reloading is safe: nothing
        is submitted again. Please try again shortly.
      </p>
      {digest ? <p className="mt-2 text-xs text-slate-500">Reference: {digest}</p> : null}
      <div className="mt-6 flex flex-wrap items-center gap-4 text-sm font-medium">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`rounded-lg px-4 py-2 text-white focus:ring-2 focus:ring-offset-2 focus:outline-none ${colours.button}`}
        >
          Try again
        </button>
        <a href={home.href} className={`${colours.link} hover:underline`}>
          {home.label}
        </a>
      </div>
    </div>
  );
}
