// Keyset paging: each page's answer carries cursors (its last and first rows' sort values and positions);
// a request for the next or previous page that sends one back reads on from that row through the index
// instead of counting past `start` rows with OFFSET. A cursor is sealed with a keyed MAC over its position,
// its values and what it is valid for (the same SQL conditions, parameters and order): one for another
// filter, order or position, or one a client edited, is ignored (the page is read by OFFSET). The key is
// the database's (meta.cursor_key), so every app instance on it accepts the others' cursors.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { isIsoCalendarDate } from '../../../common/calendar.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import type { SortTerm } from '../request/table-request.ts';
import { typedParam } from '../query/sql.ts';

interface CursorData {
  /** Where the cursor stands between rows: the `start` of the page after it, the end of the page before it. */
  p: number;
  v: unknown[];
  /** The MAC of p, v and the cursor's scope. */
  m: string;
}

const keys = new WeakMap<pg.Pool, Promise<Buffer>>();

/** The database's cursor key, made on first use (by whichever instance asks first) and kept per pool. */
export function cursorKey(pool: pg.Pool): Promise<Buffer> {
  let key = keys.get(pool);
  if (!key) {
    // One statement: on a read replica it is refused as a whole and run on the primary (db/read-replica.ts).
    key = (async () => {
      const { rows } = await pool.query<{ value: string }>(
        `with made as (insert into meta (key, value) values ('cursor_key', $1) on conflict (key) do nothing returning value)
         select value from made union all select value from meta where key = 'cursor_key'`,
        [randomBytes(32).toString('hex')],
      );
      return Buffer.from(rows[0]!.value, 'hex');
    })();
    // A failed read is asked again by the next request, not remembered.
    key.catch(() => keys.delete(pool));
    keys.set(pool, key);
  }
  return key;
}

/** The MAC of a cursor's position and values within one scope (the same SQL conditions, parameters and order). */
type CursorSeal = (position: number, values: ReadonlyArray<unknown>) => Buffer;

/**
 * The keys derived for the scopes last listed, by the database's key and the scope's text: staff page the same
 * few lists all day, and deriving a scope's key (an HMAC) on every list was a cost of its own. A scope's text
 * names everything its key is derived from, so a kept key is the one that would be derived.
 */
const scopedKeys = new WeakMap<Buffer, LRUCache<string, Buffer>>();
const SCOPES_KEPT = 1000;

function scopedKey(key: Buffer, scope: string): Buffer {
  let kept = scopedKeys.get(key);
  if (!kept) scopedKeys.set(key, (kept = new LRUCache({ max: SCOPES_KEPT })));
  let scoped = kept.get(scope);
  if (!scoped) kept.set(scope, (scoped = createHmac('sha256', key).update(scope).digest()));
  return scoped;
}

/** The seal of cursors for this scope: the key for the scope is derived once per list, or kept. */
export function cursorSeal(key: Buffer, where: string, params: ReadonlyArray<unknown>, order: ReadonlyArray<SortTerm>): CursorSeal {
  const scoped = scopedKey(key, JSON.stringify([where, params, order.map((t) => [t.column.sql, t.dir])]));
  return (position, values) =>
    createHmac('sha256', scoped)
      .update(JSON.stringify([position, values]))
      .digest()
      .subarray(0, 16);
}

/**
 * Whether the order can be paged by keyset. Not over columns that may hold NULLs (row comparisons cannot
 * step over them), nor timestamps (JavaScript keeps milliseconds, PostgreSQL microseconds).
 */
export function keysetApplies(order: ReadonlyArray<SortTerm>): boolean {
  return !order.some((t) => t.column.nullable || t.column.type === 'datetime');
}

export function encodeCursor(seal: CursorSeal, position: number, row: Record<string, unknown>, order: ReadonlyArray<SortTerm>): string {
  const values = order.map((t) => row[t.column.name] ?? null);
  const data: CursorData = { p: position, v: values, m: seal(position, values).toString('base64url') };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/**
 * The condition that starts after the cursor's row, or null when the cursor does not apply (absent, forged,
 * stale, for another page, or an order keyset paging cannot follow).
 */
export function keysetCondition(
  seal: CursorSeal,
  cursor: string | undefined,
  start: number,
  order: ReadonlyArray<SortTerm>,
  params: unknown[],
): string | null {
  if (!cursor || cursor.length > 4000 || !keysetApplies(order)) return null;
  let data: CursorData;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorData;
  } catch {
    return null;
  }
  if (data?.p !== start || !Array.isArray(data.v) || data.v.length !== order.length || typeof data.m !== 'string') return null;
  const sealed = Buffer.from(data.m, 'base64url');
  const expected = seal(data.p, data.v);
  if (sealed.length !== expected.length || !timingSafeEqual(sealed, expected)) return null;
  // The values are bound with the columns' types: a forged one must not reach the cast and fail there.
  if (!order.every((t, i) => fitsType(data.v[i], t.column.type))) return null;
  const values = order.map((t, i) => typedParam(params, data.v[i], t.column.type));
  const dir = order[0]!.dir;
  if (order.every((t) => t.dir === dir)) {
    // One direction: a row comparison, which a btree index on the same columns answers as a range.
    return `(${order.map((t) => t.column.sql).join(', ')}) ${dir === 'asc' ? '>' : '<'} (${values.join(', ')})`;
  }
  // Mixed directions: (a after x) or (a = x and b after y) or ...
  const ors = order.map((t, i) => {
    const equal = order.slice(0, i).map((e, j) => `${e.column.sql} = ${values[j]}`);
    return [...equal, `${t.column.sql} ${t.dir === 'asc' ? '>' : '<'} ${values[i]}`].join(' and ');
  });
  return `(${ors.map((o) => `(${o})`).join(' or ')})`;
}

function fitsType(value: unknown, type: ValueType): boolean {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isIsoCalendarDate(value);
    case 'datetime':
      return false;
    case 'text':
      return typeof value === 'string' && !value.includes('\0');
    case 'integer':
      return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d{1,18}$/.test(value));
    case 'number':
      return (
        (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(value))
      );
  }
}
