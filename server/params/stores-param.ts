// The `stores` request parameter: the header's store selection, which pages, summaries, charts and reports
// take (`stores=3,17,42`; a JSON list is read too). One schema and one reader for all of them, so a
// selection means the same and is refused the same way everywhere. (The table API reads it with the same
// reader and answers in its own dialect: server/table-api/request/table-request.ts.) A selection too long
// for a URL comes as a reference (`stores=@...`), which plugins/store-references.ts has already replaced by
// its ids when the server holds it; one still here is one the server does not hold.
import { isSelectionReference } from '../../common/store-selection.ts';
import type { MessageKey } from '../messages.ts';
import { Refusal } from '../plugins/refusals.ts';

/** The most stores one selection may name: the largest chain's, and a bound on what one request reads. */
export const MAX_SELECTED_STORES = 5000;

const storeId = /^[1-9]\d{0,8}$/;

/** Why a `stores` parameter is refused: not a list of ids (or too long a one), or a reference the server does not hold. */
export type StoresProblem = Extract<MessageKey, 'tableBadStores' | 'storesSelectionUnknown'>;

/**
 * Reads the `stores` parameters of a request: each a comma list of store ids, or a JSON list of them. Null
 * when none is named (every store the user sees); the problem when one is not a store id, more than
 * MAX_SELECTED_STORES are named, or one is a reference the server does not hold.
 */
export function readStoresParam(texts: ReadonlyArray<string>): number[] | null | StoresProblem {
  const items = texts
    .flatMap((text) =>
      text
        .trim()
        .replace(/^\[(.*)\]$/s, '$1')
        .split(','),
    )
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return null;
  if (items.some(isSelectionReference)) return 'storesSelectionUnknown';
  if (items.length > MAX_SELECTED_STORES || items.some((item) => !storeId.test(item))) return 'tableBadStores';
  return [...new Set(items.map(Number))];
}

/**
 * Its JSON schema in a route's querystring. What the text says is left to storesOf, so that a selection that
 * is not one is refused in the same words by every route, the table API's included.
 */
export const storesSchema = { type: 'string', maxLength: MAX_SELECTED_STORES * 10 + 2 } as const;

/** The stores sent: their ids, or null for every store the user sees. Too many, not ids, or an unknown reference: a 400. */
export function storesOf(value: string | undefined): number[] | null {
  const stores = readStoresParam(value === undefined ? [] : [value]);
  if (typeof stores === 'string') throw new Refusal(400, stores);
  return stores;
}
