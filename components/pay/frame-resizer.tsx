"use client";

import { useEffect } from "react";

/**
 * Inside the merchant's iFrame: tells payrail.js the page's height, now and whenever it changes,
 * so the frame fits each step (card form, 3-D Secure). Only to the merchant's origin.
 */
export function FrameResizer({ target }: { target?: string | null }) {
  useEffect(() => {
    if (!target || window.parent === window) return;
    // The content's own height: the page itself is at least as tall as the frame (min-h-screen).
    const root = document.querySelector<HTMLElement>("[data-frame-root]") ?? document.body;
    const report = () =>
      window.parent.postMessage(
        { type: "payrail.resize", height: Math.ceil(root.getBoundingClientRect().height) },
        target,
      );
    const observer = new ResizeObserver(report);
    observer.observe(root);
    report();
    return () => observer.disconnect();
  }, [target]);
  return null;
}
