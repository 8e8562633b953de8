// A record's key as a request names it: a detail page's `/stores/<key>` (and the pages under it), and the
// cycle, state and group a summary, chart or drill-down is asked for. One schema and one reader for all of
// them, so that a key that is not one is refused in the same words wherever it is sent, and never reaches SQL.
import { Refusal } from '../plugins/refusals.ts';

/**
 * The largest key a request may name: PostgreSQL's `integer`, what the serial keys hold. A larger one could
 * name no store, state, group or cycle, and binding it to their `integer` columns would fail in SQL.
 */
export const MAX_KEY = 2_147_483_647;
/** The largest key of a `bigserial` table (client errors, the inbox, the audit): the largest exact number. */
export const MAX_BIG_KEY = Number.MAX_SAFE_INTEGER;

const keyText = /^[1-9]\d{0,15}$/;

/**
 * Its JSON schema, in a route's params or querystring. Only the kind of value is checked there: what the text
 * says is left to keyOf, so that every key is refused in one sentence, not in the validator's words for the
 * rule it happened to fail first.
 */
export const keySchema = { type: 'string' } as const;

/** The params of a route whose path ends in `:key`. */
export const keyParams = { type: 'object', properties: { key: keySchema }, required: ['key'] } as const;

/** The key `name` sends; a 400 in one sentence when it is not a whole number from 1 to `max`. */
export function keyOf(name: string, text: string, max = MAX_KEY): number {
  const key = keyText.test(text) ? Number(text) : Number.NaN;
  if (!(key <= max)) throw new Refusal(400, 'requestBadKey', name, max);
  return key;
}

/** A key a GET form may leave empty (its "All" choice): null when it is empty or absent. */
export function optionalKeyOf(name: string, text: string | undefined): number | null {
  return text ? keyOf(name, text) : null;
}
