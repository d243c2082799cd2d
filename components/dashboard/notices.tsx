"use client";

import { usePathname } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

type Notice = { message: string; path: string };

const NoticeContext = createContext<(message: string) => void>(() => undefined);

/**
 * The dashboard's page-level notice: where a form's result goes when the form itself is gone.
 * Voiding a payment, revoking a key or refunding the whole remainder removes the form that did
 * it (the action no longer applies), and with it the form's own "Voided." and the focus. The
 * form hands its message here instead (ActionForm): a status line at the top of the page, which
 * takes the focus when nothing else has it, so keyboard and screen-reader users hear the result
 * and carry on from there. Cleared on the next page.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const announce = useCallback((message: string) => setNotice({ message, path: window.location.pathname }), []);
  // A notice belongs to the page it was given on.
  const shown = notice && notice.path === pathname ? notice : null;

  useEffect(() => {
    if (!shown) return;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [shown]);

  return (
    <NoticeContext.Provider value={announce}>
      <div ref={ref} tabIndex={-1} role="status" data-testid="page-notice" className="outline-none">
        {shown ? (
          <p className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {shown.message}
          </p>
        ) : null}
      </div>
      {children}
    </NoticeContext.Provider>
  );
}

/** Shows `message` in the page's notice line (see NoticeProvider). */
export const useAnnounce = () => useContext(NoticeContext);
