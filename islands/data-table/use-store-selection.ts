// The header's store selection for a store-scoped table: what the server rendered with until mounted, then
// the selection kept in this browser, and again whenever the header changes it (`stores:changed`).
import { useEffect, useState } from 'react';
import { selectedStores } from '../shell/store-label.ts';

export function useStoreSelection(scoped: boolean, rendered: number[] | null): number[] | null {
  const [stores, setStores] = useState(rendered);
  useEffect(() => {
    if (!scoped) return;
    const read = () => setStores(selectedStores());
    read();
    document.addEventListener('stores:changed', read);
    return () => document.removeEventListener('stores:changed', read);
  }, [scoped]);
  return scoped ? stores : null;
}
