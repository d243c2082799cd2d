"use client";

import { useState } from "react";

/**
 * Copies `text` (the PIX code) to the clipboard, and selects the field `targetId`, so the shopper
 * can copy by hand where the browser gives no clipboard (a page not served over https or localhost).
 */
export function CopyButton({ text, targetId, label }: { text: string; targetId: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      data-testid="copy-button"
      className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      onClick={async () => {
        // Selected first, so it can be copied by hand whatever the clipboard does.
        (document.getElementById(targetId) as HTMLTextAreaElement | null)?.select();
        const copied = await Promise.race([
          navigator.clipboard?.writeText(text).then(
            () => true,
            () => false,
          ) ?? false,
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000)),
        ]);
        setDone(copied);
      }}
    >
      <span aria-live="polite">{done ? "Copied" : label}</span>
    </button>
  );
}
