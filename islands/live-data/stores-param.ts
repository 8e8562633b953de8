// The header's store selection as a query parameter (`stores=3,17,42`, or a long list's reference: what the
// summary and chart endpoints read; shell/store-reference.ts): added to the URLs islands fetch and to the
// drill-down links they draw. The server draws an island for every store (no selection), so it draws the
// same links.
import { storesParam } from '../shell/store-reference.ts';
export function withStores(url: string, stores: readonly number[] | null): string {
  if (!stores || stores.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}stores=${storesParam(stores)}`;
}
