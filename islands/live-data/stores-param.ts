// The header's store selection as a query parameter (`stores=3,17,42`, what the summary and chart
// endpoints read): added to the URLs islands fetch and to the drill-down links they draw. Plain string
// work, so the server draws the same links when it renders an island.
import { storesParam } from '../../common/store-selection.ts';
export function withStores(url: string, stores: readonly number[] | null): string {
  if (!stores || stores.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}stores=${storesParam(stores)}`;
}
