// The words naming the stores a user sees or chose, on the header's selector (written by the server, then by
// the browser for a selection kept there) and in report captions. Apart from store-selection.ts, so that
// what every page needs to read a selection carries no words or number formats.
import { formatCount } from './format-count.ts';
import { msg } from './messages.ts';

/**
 * The stores a user may see, as the header names them: every store (region null), or their region's. The
 * server decides it (server/stores/store-scope.ts) by the same rule that scopes every query.
 */
export interface StoreScope {
  region: string | null;
  total: number;
}

/**
 * What the header's selector says: all the user sees ("All West stores (109)", "All stores (500)") or the
 * part chosen ("12 of 109 West stores"). A selection naming every store, or more, is all of them.
 */
export function scopeLabel(scope: StoreScope, selected: number[] | null): string {
  const total = formatCount(scope.total);
  if (!selected || selected.length >= scope.total) {
    return scope.region === null ? msg('storeScopeAll', total) : msg('storeScopeRegion', total, scope.region);
  }
  const part = formatCount(selected.length);
  return scope.region === null ? msg('storeScopePart', part, total) : msg('storeScopeRegionPart', part, total, scope.region);
}

/** The label's short form for a phone's top bar: "109", "12/109" (the full label stays for screen readers). */
export function scopeShortLabel(scope: StoreScope, selected: number[] | null): string {
  const total = formatCount(scope.total);
  if (!selected || selected.length >= scope.total) return msg('storeScopeShortAll', total);
  return msg('storeScopeShortPart', formatCount(selected.length), total);
}
