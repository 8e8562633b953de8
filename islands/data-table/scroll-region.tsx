// The table's scroll region: wider than its container, the table scrolls inside it, never widening the
// page; the region is named and focusable, so keyboard users can scroll it too (as the server-drawn tables'
// .table-scroll regions are).
import type { ReactNode, Ref } from 'react';

interface ScrollRegionProps {
  label: string;
  children: ReactNode;
  /** Infinite scroll gives the region a height and watches its scrolling; an empty table keeps some height. */
  className?: string;
  ref?: Ref<HTMLElement>;
}

export function ScrollRegion({ label, children, className, ref }: ScrollRegionProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1).
    <section ref={ref} className={`table-scroll dt-scroll${className ? ` ${className}` : ''}`} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
