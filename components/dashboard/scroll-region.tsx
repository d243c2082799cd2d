import type { ReactNode } from "react";

/**
 * A box that scrolls (a wide table on a phone), reachable by keyboard so its content can be
 * scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} className={className}>
      {children}
    </section>
  );
}
