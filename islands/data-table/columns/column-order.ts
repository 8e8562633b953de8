// Reordering columns (spec section 9): a column moved, by dragging its header onto another's place or by
// the settings' Move up / Move down, gives the table state's new `columnOrder` (every column, in order).
/** `order` with `name` taken out and put back at `to` (clamped to the list). */
export function movedColumn(order: ReadonlyArray<string>, name: string, to: number): string[] {
  const rest = order.filter((n) => n !== name);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), name, ...rest.slice(at)];
}
