// Infinite scroll's trigger (spec section 9: "Infinite-scroll load gap 100 px"): when the table's scroll
// region is within 100 px of its bottom, as the user scrolls or because the rows do not fill it yet, the
// next page is asked for; once, until the table's page moves on.
import { useEffect, useRef } from 'react';

export const LOAD_GAP_PX = 100;

interface NearBottomOptions {
  /** Listen at all (infinite scroll is on and there are more rows). */
  active: boolean;
  /** The page the table shows last; a new one asked for is `index + 1`. */
  index: number;
  /** Whether an answer is awaited: no next page is asked for meanwhile. */
  loading: boolean;
  loadNext(): void;
}

/** Whether the region's bottom is within the load gap of its scrolled-to position. */
export const nearBottom = (el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_GAP_PX;

export function useNearBottom(region: { current: HTMLElement | null }, { active, index, loading, loadNext }: NearBottomOptions): void {
  const asked = useRef(-1);
  // A new query starts from its first page again: a page asked for under the old one is forgotten.
  if (asked.current > index + 1) asked.current = -1;
  const check = useRef(() => {});
  check.current = () => {
    const el = region.current;
    if (!el || !active || loading || asked.current > index || !nearBottom(el)) return;
    asked.current = index + 1;
    loadNext();
  };
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const onScroll = () => check.current();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [region]);
  // After every render too: rows that do not fill the region yet call for the next page at once.
  useEffect(() => check.current());
}
