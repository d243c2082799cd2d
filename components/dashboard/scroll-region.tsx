"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A box that scrolls (a wide table on a phone), reachable by keyboard so its content can be
 * scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable). A shadow at an edge
 * says there is more that way: a cut-off column otherwise looks like the end of the table.
 */
export function ScrollRegion({
  label,
  className,
  outerClassName = "",
  children,
}: {
  label: string;
  /** The scrolling box's classes (overflow, border, padding). */
  className: string;
  /** Classes of the box around it (e.g. its margin). */
  outerClassName?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft < el.scrollWidth - el.clientWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);

  const edge = "pointer-events-none absolute inset-y-px w-6 from-slate-900/15 to-transparent transition-opacity";
  return (
    <div className={`relative ${outerClassName}`}>
      <section
        ref={ref}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
        tabIndex={0}
        className={className}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        {children}
      </section>
      <div aria-hidden className={`${edge} left-px bg-linear-to-r ${more.left ? "opacity-100" : "opacity-0"}`} />
      <div aria-hidden className={`${edge} right-px bg-linear-to-l ${more.right ? "opacity-100" : "opacity-0"}`} />
    </div>
  );
}
