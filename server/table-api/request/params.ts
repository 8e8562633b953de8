// Request parameters as one flat map, whatever their transport: a query string, a form body (both keep
// DataTables' bracketed names such as `order[0][column]` as flat keys) or a JSON body (nested objects and
// arrays, flattened here to the same bracketed names). Parsers then read one vocabulary.
import { TableRequestError } from './request-error.ts';

export type Params = Map<string, string[]>;

/** Far more than any real table sends (a 100-column table sends ~600), few enough to stay cheap. */
const MAX_PARAMS = 2000;
const MAX_DEPTH = 5;

export function toParams(...sources: unknown[]): Params {
  const params: Params = new Map();
  for (const source of sources) {
    if (source && typeof source === 'object' && !Array.isArray(source)) {
      for (const [key, value] of Object.entries(source)) add(params, key, value, 0);
    }
  }
  return params;
}

function add(params: Params, key: string, value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw new TableRequestError('tableTooManyParams');
  if (value === undefined) return;
  if (Array.isArray(value)) {
    // A list of plain values is a repeated parameter (stores=[1,2]); a list of objects is indexed.
    if (value.every((v) => v === null || typeof v !== 'object')) {
      for (const v of value) push(params, key, v);
    } else {
      value.forEach((v, i) => add(params, `${key}[${i}]`, v, depth + 1));
    }
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) add(params, `${key}[${k}]`, v, depth + 1);
    return;
  }
  push(params, key, value);
}

function push(params: Params, key: string, value: unknown): void {
  const text = value === null ? '' : String(value);
  // PostgreSQL text cannot hold NUL, so it can be neither searched for nor stored: a search or a filter for
  // one would silently mean another (the table API's routes check their own values: plugins/nul-bytes.ts).
  if (text.includes('\0') || key.includes('\0')) throw new TableRequestError('tableBadCharacter', key.replaceAll('\0', ''));
  const list = params.get(key);
  if (list) list.push(text);
  else {
    if (params.size >= MAX_PARAMS) throw new TableRequestError('tableTooManyParams');
    params.set(key, [text]);
  }
}

/** The single value of `key`; a parameter sent twice with different values is refused, not guessed at. */
export function one(params: Params, key: string): string | undefined {
  const values = params.get(key);
  if (!values || values.length === 0) return undefined;
  if (values.some((v) => v !== values[0])) throw new TableRequestError('tableRepeated', key);
  return values[0];
}

/** A whole number in [min, max], or `fallback` when the parameter is absent or blank. */
export function wholeNumber(params: Params, key: string, fallback: number, min: number, max: number): number {
  const text = one(params, key)?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d{1,16}$/.test(text)) throw new TableRequestError('tableBadNumber', key);
  const n = Number(text);
  if (n < min || n > max) throw new TableRequestError('tableOutOfRange', key, min, max);
  return n;
}

/** DataTables sends booleans as "true"/"false" (current) or "true"/"false"/"1"/"0" (legacy). */
export function flag(params: Params, key: string, fallback: boolean): boolean {
  const text = one(params, key)?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  return text === 'true' || text === '1' || text === 'on';
}
