// Runs a list request: the page of rows, the two counts (exact or estimated), the footer totals over the
// whole filtered set, and the cursor for the next page; or, asked apart (rows=false), the totals and counts
// alone. Deep pages without a cursor find their keys on the narrow index first and fetch only the page's rows
// (a deferred join), rather than OFFSET over whole rows. Counts and totals leave out the joins they do not
// read; totals read the definition's totals tables when the filter allows (a few thousand rows in place of a
// million: per store, per day, per amount range in value-sums.ts). Deep pages: positions.ts; the totals of a
// grouped list's page of groups: group-page.ts.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef, Row } from '../../resources/resource-def.ts';
import { countRows, countsExactly, type RowCount } from './count.ts';
import { cursorKey, cursorSeal, encodeCursor, keysetApplies, keysetCondition } from './keyset-cursor.ts';
import type { TableRequest, SortTerm } from '../request/table-request.ts';
import { statement } from '../../db/named-statements.ts';
import { buildFilter, type Filter, type ListLimits } from '../query/filter.ts';
import { fromClause, fullOrder, orderBy, selectList } from '../query/sql.ts';
import { deepStart, wantsRowCount } from './positions.ts';
import { cachedTotals, type Totals } from '../cache/totals-cache.ts';
import { bucketTotalsFor, countOnTotalsTable, sumsOf, totalsTableFor } from './totals-table.ts';
import { valueSums } from './value-sums.ts';
import { groupPage, readsGroups } from './group-page.ts';
import type { GroupTotals } from '../../../common/table-config.ts';

export interface ListResult {
  rows: Row[];
  total: RowCount;
  filtered: RowCount;
  totals: Totals | null;
  /** A page of groups (group-page.ts): each with its row count and totals over all of its filtered rows; then `rows` is empty. */
  groups: { groups: GroupTotals[]; at: string } | null;
  /** Send back as `after` with start = start + length to read the next page by keyset. */
  next: string | null;
  /** Send back as `before` with start = start - length to read the previous page by keyset. */
  prev: string | null;
  syncedAt: string;
}

/** The answer's page when no rows were asked (rows=false). */
const noPage: Awaited<ReturnType<typeof pageRows>> = { rows: [], next: null, prev: null };

/** Below this offset a plain OFFSET is as quick as anything; above it, the deferred join pays. */
const DEFERRED_JOIN_FROM = 500;

export async function listRows(
  pool: pg.Pool,
  def: ResourceDef,
  req: TableRequest,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  limits: ListLimits,
): Promise<ListResult> {
  const filter = await buildFilter(pool, def, req, user, served, 'list', limits);
  const wantsTotals = req.totals && def.columns.some((c) => c.total);
  // Asked for the totals alone (rows=false), a grouped list's footer is the same as its rows': no groups made.
  if (req.rows && readsGroups(req)) {
    // A page of groups: counted in groups; the footer totals are the same as over the rows.
    const [page, totals] = await Promise.all([groupPage(pool, def, req, filter), wantsTotals ? totalsOf(pool, def, req, filter) : null]);
    const count = { count: page.count, estimate: page.estimate };
    const syncedAt = new Date().toISOString();
    return { rows: [], total: count, filtered: count, totals, groups: page, next: null, prev: null, syncedAt };
  }
  // A deep page past the middle is read from the end (positions.ts): count the rows first, as they are now.
  const countFirst =
    req.rows && !req.after && !req.before && wantsRowCount(def, filter, fullOrder(def, req.order, req.groups.length), req.start, limits);
  const counted = countFirst ? await countOnTotalsTable(pool, def, filter) : undefined;
  const scopeCount = `from ${fromClause(def, filter.scopeColumns)} where ${filter.scope}`;
  const searchCount = `from ${fromClause(def, filter.columns)} where ${filter.where}`;
  // A small table's counts are exact and made afresh on every request (count.ts): they ride in the page's own
  // query, one round trip where there were two or three (each costs the server a socket write, and the
  // database a statement, more than counting a few thousand rows).
  const riding = (await countsExactly(pool, def)) ? [scopeCount, ...(filter.searched && !wantsTotals ? [searchCount] : [])] : [];
  const [page, totals, scopeCounted] = await Promise.all([
    req.rows ? pageRows(pool, def, req, filter, limits, counted, riding) : noPage,
    wantsTotals ? totalsOf(pool, def, req, filter) : null,
    riding.length ? null : countRows(pool, def, scopeCount, filter.scopeParams),
  ]);
  // An empty page carries no counts: they are asked apart then.
  const ridden = (i: number): RowCount | null => {
    const count = page.counts?.[i];
    return count === undefined ? null : { count, estimate: false };
  };
  const total = scopeCounted ?? ridden(0) ?? (await countRows(pool, def, scopeCount, filter.scopeParams));
  // Totals scan the filtered set anyway, so their count is exact for free.
  const filtered = totals
    ? { count: totals.count, estimate: false }
    : counted !== undefined
      ? { count: counted, estimate: false }
      : filter.searched
        ? (ridden(1) ?? (await countRows(pool, def, searchCount, filter.params)))
        : total;
  return {
    rows: def.shownRow ? page.rows.map((row) => def.shownRow!(row, served)) : page.rows,
    next: page.next,
    prev: page.prev,
    total: filter.searched ? total : filtered,
    filtered,
    totals,
    groups: null,
    syncedAt: new Date().toISOString(),
  };
}

/**
 * The page's rows; `rowCount` is the exact count when the caller was asked for it (positions.ts). `counts`
 * (FROM ... WHERE ... over the filter's parameters) are counted in the same statement: their numbers in
 * `counts`, unless the page is empty.
 */
async function pageRows(
  pool: pg.Pool,
  def: ResourceDef,
  req: TableRequest,
  filter: Filter,
  limits: ListLimits,
  rowCount: number | undefined,
  counts: ReadonlyArray<string>,
): Promise<Pick<ListResult, 'rows' | 'next' | 'prev'> & { counts?: number[] }> {
  const order = fullOrder(def, req.order, req.groups.length);
  const params = [...filter.params];
  const seal = cursorSeal(await cursorKey(pool), filter.where, filter.params, order);
  // Going back reads the reversed order after the page's first row, then turns the rows round.
  const after = keysetCondition(seal, req.after, req.start, order, params);
  const before = after ? null : keysetCondition(seal, req.before, req.start + req.length, reversed(order), params);
  const keyset = after ?? before;
  // Without a cursor, a deep page may start from a counted range or from the end (positions.ts).
  const deep = keyset ? null : await deepStart(pool, def, filter, order, req, params, rowCount, limits);
  if (deep?.kind === 'past-end') return { rows: [], next: null, prev: null };
  const backwards = before !== null || deep?.kind === 'from-end';
  const readOrder = backwards ? reversed(order) : order;
  const bound = keyset ?? (deep?.kind === 'range' ? deep.condition : null);
  const where = bound ? `(${filter.where}) and ${bound}` : filter.where;
  const offset = keyset ? 0 : deep ? deep.offset : req.start;
  params.push(deep?.kind === 'from-end' ? deep.length : req.length, offset);
  const limit = `limit $${params.length - 1} offset $${params.length}`;
  const sorted = orderBy(readOrder);
  // Uncorrelated, each count is run once for the statement (an InitPlan), over the parameters the filter
  // numbered first (its scope's are a prefix of its own, and the page's are pushed after them).
  const columns = [
    ...counts.map((fromWhere, i) => `(select count(*)::int8 ${fromWhere}) as "${countColumn(i)}"`),
    selectList(def.columns),
  ].join(', ');
  // A searched or filtered page finds its keys first too: the indexes carry the columns filters read
  // (migration 014), so the keys' query skips the rows that do not match inside an index-only scan, where
  // the whole rows' plan visits each row it skips.
  const text =
    offset < DEFERRED_JOIN_FROM && !filter.searched
      ? `select ${columns} from ${fromClause(def)} where ${where} order by ${sorted} ${limit}`
      : `select ${columns} from ${fromClause(def)}
         join (select ${def.key.sql} as page_key from ${fromClause(def, [...filter.columns, ...order.map((t) => t.column)])} where ${where} order by ${sorted} ${limit}) page
           on page.page_key = ${def.key.sql}
         order by ${sorted}`;
  const { rows: read, counts: counted } = withoutCounts((await pool.query<Row>(statement(pool, text, params))).rows, counts.length);
  const rows = backwards ? read.reverse() : read;
  const [first, last] = [rows[0], rows.at(-1)];
  const pageable = keysetApplies(order);
  return {
    rows,
    counts: counted,
    next: last && rows.length === req.length && pageable ? encodeCursor(seal, req.start + rows.length, last, order) : null,
    prev: first && req.start > 0 && pageable ? encodeCursor(seal, req.start, first, order) : null,
  };
}

const countColumn = (i: number) => `__count${i}`;

/** The rows without the `n` counts that rode along on each, and those counts (none when there is no row). */
function withoutCounts(read: Row[], n: number): { rows: Row[]; counts?: number[] } {
  if (n === 0) return { rows: read };
  const names = Array.from({ length: n }, (_, i) => countColumn(i));
  const counts = read[0] && names.map((name) => Number(read[0]![name]));
  // A plain copy of the other keys: a list of entries made and filtered was several times slower (60 µs a
  // page of 25 rows, against 8), on every page a busy server answers.
  const rows = read.map((row) => {
    const copy: Row = {};
    for (const key in row) if (!names.includes(key)) copy[key] = row[key];
    return copy;
  });
  return { rows, counts };
}

function reversed(order: ReadonlyArray<SortTerm>): SortTerm[] {
  return order.map((t) => ({ column: t.column, dir: t.dir === 'asc' ? 'desc' : 'asc' }));
}

async function totalsOf(pool: pg.Pool, def: ResourceDef, req: TableRequest, filter: Filter): Promise<Totals> {
  const kept = valueSums(def, req, filter);
  const query = kept?.key ?? totalsQuery(def, filter);
  return cachedTotals(pool, def.name, query, async () => {
    const { __rows, ...values } = kept ? await kept.read(pool) : ((await pool.query<Row>(query.text, query.params)).rows[0] ?? {});
    return { count: Number(__rows ?? 0), values };
  });
}

/**
 * The footer totals over the filtered rows: summed on the totals table when the filter reads nothing else
 * (per store), else on the bucket totals table (per day: a range of days), else over the base rows.
 */
function totalsQuery(def: ResourceDef, filter: Filter): { text: string; params: unknown[] } {
  const rollup = totalsTableFor(def, filter) ?? bucketTotalsFor(def, filter);
  // The totals table's aggregates read its own columns; the others, their column.
  const aggregated = def.columns.filter((c) => c.total && rollup?.totals[c.name] === undefined);
  const aggregates = def.columns.flatMap((c) => (c.total ? [`${rollup?.totals[c.name] ?? `${c.total}(${c.sql})`} as "${c.name}"`] : []));
  const rows = rollup ? `coalesce(${rollup.rows}, 0)::int8` : 'count(*)::int8';
  const text = `select ${rows} as "__rows", ${aggregates.join(', ')}
                from ${fromClause(def, [...filter.columns, ...aggregated], rollup && sumsOf(rollup))} where ${filter.where}`;
  return { text, params: filter.params };
}
