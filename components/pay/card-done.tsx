"use client";

import { useEffect } from "react";
import { FrameResizer } from "@/components/pay/frame-resizer";

type Props = { url: string; parentOrigin: string | null; redirectParentFunction: string | null };

/**
 * The end of the hosted card flow. Inside the merchant's iFrame it hands the return URL to the
 * parent window, to the merchant's origin only (never "*"); payrail.js there checks our origin
 * and calls the merchant's function or navigates the top window.
 */
export function CardDone({ url, parentOrigin, redirectParentFunction }: Props) {
  useEffect(() => {
    if (parentOrigin && window.parent !== window) {
      const message: Record<string, string> = { type: "payrail.redirect", url };
      if (redirectParentFunction) message.redirect_parent_function = redirectParentFunction;
      window.parent.postMessage(message, parentOrigin);
    } else {
      window.location.replace(url);
    }
  }, [url, parentOrigin, redirectParentFunction]);

  return (
    <div className="px-4 py-8 text-center" data-testid="card-done">
      {/* A merchant whose function does not navigate away keeps the frame: it shrinks to this step. */}
      <FrameResizer target={parentOrigin} />
      <p className="text-base font-semibold text-slate-800">Returning to the shop…</p>
      <p className="mt-2 text-sm text-slate-500">
        If nothing happens,{" "}
        <a className="text-indigo-700 underline" href={url} target="_top">
          continue here
        </a>
        .
      </p>
    </div>
  );
}
