// Whose store lists the browser keeps: the signed-in user's (the page's `user-id` meta), under keys of their
// own. On a shared office PC one person's stores and selection must not reach the next: signing out clears
// every store list, and a page clears any it finds of another user (someone whose session ran out without
// signing out) or, signed out, all of them.
import { isStoreListKey, storeListKeys, type StoreListKeys } from '../../common/store-selection.ts';

/** The signed-in user's keys; null on a page without a user (nothing is kept then). */
export function currentStoreKeys(): StoreListKeys | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="user-id"]')?.content ?? '';
  const id = Number(content);
  return /^\d+$/.test(content) && Number.isSafeInteger(id) ? storeListKeys(id) : null;
}

/** Removes every store list but those under `keep`. */
function forgetStoreLists(keep: StoreListKeys | null): void {
  const kept = keep ? [keep.all, keep.selected] : [];
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
  for (const key of keys) if (isStoreListKey(key) && !kept.includes(key)) localStorage.removeItem(key);
}

export function startStoreStorage(): void {
  forgetStoreLists(currentStoreKeys());
  // Capture: cleared before the sign-out request leaves, whatever else handles the submit.
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.matches('form[action="/logout"]')) forgetStoreLists(null);
    },
    true,
  );
}
