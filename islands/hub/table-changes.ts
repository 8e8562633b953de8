// What a data table hears of its resource from the hub: `onResourceChanged('stores', ({ userId }) => ...)`
// runs whenever rows of that resource changed, on any app instance, with who changed them (a user's id, 0
// when the system did), so that a table can tell its own user's changes (already shown) from someone
// else's ("someone else changed these rows", or a refresh when "refresh every time" is on). It returns the
// function that stops listening, for when the table is unmounted.
import { CHANGED_EVENT, type ChangedDetail } from './changed-event.ts';

export function onResourceChanged(resource: string, listener: (by: { userId: number }) => void): () => void {
  const heard = (event: Event) => {
    const detail = (event as CustomEvent<ChangedDetail>).detail;
    if (detail?.resource === resource) listener({ userId: detail.by });
  };
  document.addEventListener(CHANGED_EVENT, heard);
  return () => document.removeEventListener(CHANGED_EVENT, heard);
}
