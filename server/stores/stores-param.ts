// The `stores` request parameter: the header's store selection, which pages, summaries, charts and reports
// take (`stores=3,17,42`; a JSON list is read too). One schema and one reader for all of them, so a
// selection means the same and is refused the same way everywhere. (The table API reads it with the same
// reader and answers in its own dialect: server/table-api/request/table-request.ts.)
import { MAX_SELECTED_STORES, readStoresParam } from '../../common/store-selection.ts';
import { Refusal } from '../plugins/refusals.ts';

/**
 * Its JSON schema in a route's querystring. What the text says is left to storesOf, so that a selection that
 * is not one is refused in the same words by every route, the table API's included.
 */
export const storesSchema = { type: 'string', maxLength: MAX_SELECTED_STORES * 10 + 2 } as const;

/** The stores sent: their ids, or null for every store the user sees. Too many, or not ids: a 400. */
export function storesOf(value: string | undefined): number[] | null {
  const stores = readStoresParam(value === undefined ? [] : [value]);
  if (stores === undefined) throw new Refusal(400, 'tableBadStores');
  return stores;
}
