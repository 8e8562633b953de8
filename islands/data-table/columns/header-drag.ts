// Reordering columns by dragging a header onto another (HTML drag and drop): the dragged column takes the
// place of the one it is dropped on. Only a column header carries this table's column type, so text or
// files dropped on a header do nothing; a drag that begins on a resize edge is not a move (resize-handle.tsx
// marks the header while it resizes). The keyboard's way is the settings' Move up / Move down.
import type { DragEvent, ThHTMLAttributes } from 'react';

const COLUMN_TYPE = 'application/x-backroom-column';
/** Set on a header while its resize edge is dragged. */
export const RESIZING_ATTRIBUTE = 'data-resizing';
const OVER_CLASS = 'dt-drop-target';

const carriesColumn = (event: DragEvent) => event.dataTransfer.types.includes(COLUMN_TYPE);

/** The drag-and-drop attributes of the header of column `name`; `onMove(from, onto)` reorders. */
export function headerDragProps(name: string, onMove: (from: string, onto: string) => void): ThHTMLAttributes<HTMLTableCellElement> {
  return {
    draggable: true,
    onDragStart: (event) => {
      if (event.currentTarget.hasAttribute(RESIZING_ATTRIBUTE)) return event.preventDefault();
      event.dataTransfer.setData(COLUMN_TYPE, name);
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event) => {
      if (!carriesColumn(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      event.currentTarget.classList.add(OVER_CLASS);
    },
    onDragLeave: (event) => event.currentTarget.classList.remove(OVER_CLASS),
    onDrop: (event) => {
      event.currentTarget.classList.remove(OVER_CLASS);
      const from = event.dataTransfer.getData(COLUMN_TYPE);
      if (!from) return;
      event.preventDefault();
      if (from !== name) onMove(from, name);
    },
  };
}
