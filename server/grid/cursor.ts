// Keyset paging: each page's answer carries cursors (its last and first rows' sort values and positions);
// a request for the next or previous page that sends one back reads on from that row through the index
// instead of counting past `start` rows with OFFSET. A cursor for another filter, order or position is
// ignored.
import { createHash } from 'node:crypto';
import type { ValueType } from '../../common/resources/types.ts';
import type { SortTerm } from './grid-request.ts';
import { typedParam } from './sql.ts';

interface CursorData {
  /** Where the cursor stands between rows: the `start` of the page after it, the end of the page before it. */
  p: number;
  v: unknown[];
  s: string;
}

/**
 * Whether the order can be paged by keyset. Not over columns that may hold NULLs (row comparisons cannot
 * step over them), nor timestamps (JavaScript keeps milliseconds, PostgreSQL microseconds).
 */
export function keysetApplies(order: ReadonlyArray<SortTerm>): boolean {
  return !order.some((t) => t.column.nullable || t.column.type === 'datetime');
}

/** What a cursor is valid for: the same SQL conditions, parameters and order. */
export function signature(where: string, params: ReadonlyArray<unknown>, order: ReadonlyArray<SortTerm>): string {
  const text = JSON.stringify([where, params, order.map((t) => [t.column.sql, t.dir])]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: number, row: Record<string, unknown>, order: ReadonlyArray<SortTerm>, sig: string): string {
  const data: CursorData = { p: position, v: order.map((t) => row[t.column.name] ?? null), s: sig };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/**
 * The condition that starts after the cursor's row, or null when the cursor does not apply (absent, forged,
 * stale, for another page, or an order keyset paging cannot follow).
 */
export function keysetCondition(
  cursor: string | undefined,
  start: number,
  order: ReadonlyArray<SortTerm>,
  sig: string,
  params: unknown[],
): string | null {
  if (!cursor || cursor.length > 4000 || !keysetApplies(order)) return null;
  let data: CursorData;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorData;
  } catch {
    return null;
  }
  if (data?.s !== sig || data.p !== start || !Array.isArray(data.v) || data.v.length !== order.length) return null;
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
      return typeof value === 'string' && isCalendarDate(value);
    case 'datetime':
      return false;
    case 'text':
      return typeof value === 'string' && !value.includes('\0');
    case 'integer':
      return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d{1,18}$/.test(value));
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(value));
  }
}

/** yyyy-mm-dd naming a real day (JavaScript's parser would take 30 February as 2 March). */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < '0001') return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
