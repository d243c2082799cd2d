"use client";

import { useEffect } from "react";

/**
 * Inside the merchant's iFrame, a step that follows one the shopper acted on (the 3-D Secure
 * challenge after Pay now) takes the keyboard focus at its heading: a framed page's load is not
 * announced, so keyboard and screen-reader users would not learn that the step changed. Only when
 * the frame has the focus already: it is never taken from the merchant's page.
 */
export function FrameFocus({ id }: { id: string }) {
  useEffect(() => {
    if (window.parent === window || !document.hasFocus()) return;
    document.getElementById(id)?.focus();
  }, [id]);

  return null;
}
