// The table's scroll region: wider than its container, the table scrolls inside it, never widening the
// page; the region is named and focusable, so keyboard users can scroll it too (as the server-drawn tables'
// .table-scroll regions are).
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1).
    <section className="table-scroll dt-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
