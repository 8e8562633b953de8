// A column's resize edge (spec section 9: "Column resize edge 5 px"): a 5 px strip on the header's right
// edge that a pointer drags to set the column's width, and a focusable separator (its value the width in
// pixels) that the arrow keys widen and narrow, 10 px a press, once it has the focus (a click on it); it is
// out of the tab order, the keyboard's way being Shift+arrow on the focused header (header-keys.ts). The width goes to the table state's
// `columnSizes` as it changes; the header is marked meanwhile so the drag is not taken for a reorder.
import type { KeyboardEvent, PointerEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';
import { RESIZING_ATTRIBUTE } from './header-drag.ts';

/** The narrowest and widest a column may be made (the saved state refuses widths outside 20-2000). */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1200;
export const KEY_STEP = 10;

export const clampWidth = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

interface ResizeHandleProps {
  /** The column's label, for the separator's name. */
  label: string;
  /** The width the user set, if any (else the header's own width is measured when needed). */
  width: number | undefined;
  onResize(width: number): void;
}

const headerOf = (handle: Element) => handle.closest('th') as HTMLTableCellElement;
const measured = (handle: Element) => headerOf(handle).getBoundingClientRect().width;

export function ResizeHandle({ label, width, onResize }: ResizeHandleProps) {
  const [drag, setDrag] = useState<{ x: number; from: number } | null>(null);
  // The separator's value is the column's width: the one set, else the header's as drawn, measured once
  // mounted. The server draws no edge (it has no width to tell, and resizing needs the script anyway).
  const handle = useRef<HTMLSpanElement>(null);
  const place = useRef<HTMLSpanElement>(null);
  const [natural, setNatural] = useState<number | undefined>(undefined);
  useEffect(() => {
    const at = handle.current ?? place.current;
    if (width === undefined && at) setNatural(Math.round(measured(at)));
  }, [width]);
  const value = width ?? natural;
  if (value === undefined) return <span ref={place} hidden />;
  const stop = (event: PointerEvent<HTMLSpanElement>) => {
    headerOf(event.currentTarget).removeAttribute(RESIZING_ATTRIBUTE);
    setDrag(null);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <hr> cannot be focused or moved; a focusable separator with a value is the ARIA splitter.
    <span
      ref={handle}
      role="separator"
      aria-orientation="vertical"
      aria-label={tableMsg('columnResize', label)}
      aria-valuenow={value}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={-1}
      className="dt-resize"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.stopPropagation();
        headerOf(event.currentTarget).setAttribute(RESIZING_ATTRIBUTE, '');
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ x: event.clientX, from: measured(event.currentTarget) });
      }}
      onPointerMove={(event) => {
        if (drag) onResize(clampWidth(drag.from + event.clientX - drag.x));
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      // The edge sits on the header's sort button's side: a click on it is not a sort.
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event: KeyboardEvent<HTMLSpanElement>) => {
        const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
        if (!step) return;
        // Its own arrows: not the header row's moves between headers.
        event.preventDefault();
        event.stopPropagation();
        onResize(clampWidth((width ?? measured(event.currentTarget)) + step));
      }}
    />
  );
}
