// Footer totals of a list filtered on one amount's range alone (an admin's "Transactions 100 to 110", "Sales
// 10,000 or more"), from the sums kept per value range (ResourceDef `valueSums`, migration 034): the ranges
// wholly inside the filter's are added up, and of the base rows only those of the ranges it cuts (at most one
// at each end) are read, along the amount's index. At 10M sales, reading every matching row took 0.9-1.8 s.
// Where the ranges inside begin and end is asked first and bound as values: the planner then sees how few
// rows the edges hold (it guessed the whole filter's, from an unknown bound, and compiled the plan: +90 ms).
import type pg from 'pg';
import type { ResourceDef, Row } from '../../resources/resource-def.ts';
import type { Filter } from '../query/filter.ts';
import { mapPlaceholders } from '../query/sql.ts';
import type { TableRequest } from '../request/table-request.ts';

type Reads = Pick<TableRequest, 'columnSearch' | 'searchTerms' | 'within'>;

interface ValueSums {
  /** What keys the totals kept (the totals cache): the filter and the ranges inside it, with their values. */
  key: { text: string; params: unknown[] };
  /** The footer totals' row (`__rows` and each total column), summed. */
  read(pool: pg.Pool): Promise<Row>;
}

/** The footer totals over the kept value sums, when the request filters on one kept amount's range and nothing else. */
export function valueSums(def: ResourceDef, req: Reads, filter: Filter): ValueSums | undefined {
  const sums = def.valueSums;
  const searched = req.columnSearch.length === 1 ? req.columnSearch[0]! : undefined;
  if (!sums || !searched || def.where !== undefined || req.searchTerms.length > 0 || req.within.length > 0) return undefined;
  const { column, filter: range } = searched;
  const measure = sums.measures[column.name];
  // A scope (a store-scoped user's, a store selection) reads another column: those lists are summed as they were.
  if (range.kind !== 'number' || measure === undefined || filter.columns.some((c) => c !== column)) return undefined;
  // The ranges' condition has its own parameters (it is asked alone first), renumbered after the filter's in the sum.
  const params: unknown[] = [];
  const bind = (value: string | null, type: string) => `$${params.push(value)}::${type}`;
  // A range [bucket, bucket_end) holds values up to its end less the column's smallest step (a cent, a whole number).
  const step = 10 ** -(column.digits?.decimals ?? 0);
  const inside = [
    `measure = ${bind(measure, 'text')}`,
    ...(range.min === null ? [] : [`bucket >= ${bind(range.min, 'numeric')}`]),
    ...(range.max === null ? [] : [`bucket_end - ${step} <= ${bind(range.max, 'numeric')}`]),
  ].join(' and ');
  const find = `select min(bucket)::text as first, max(bucket_end)::text as past from ${sums.table} where ${inside}`;
  const kept = Object.keys(sums.fromRow);
  const type = column.type === 'integer' ? 'int8' : 'numeric';
  const totals = def.columns.flatMap((c) => (c.total ? [`${sums.totals[c.name as keyof typeof sums.totals]} as "${c.name}"`] : []));
  const shift = filter.params.length;
  const insideAfterFilter = mapPlaceholders(inside, (n) => `$${n + shift}`);
  return {
    key: { text: `${filter.where}; ${insideAfterFilter}`, params: [...filter.params, ...params] },
    async read(pool) {
      const [bounds] = (await pool.query<{ first: string | null; past: string | null }>(find, params)).rows;
      const first = bounds?.first ?? null;
      const values = first === null ? [...filter.params] : [...filter.params, ...params];
      const baseRows = (edge: string) =>
        `select ${kept.map((k) => `${sums.fromRow[k]} as ${k}`).join(', ')} from ${def.table} ${def.alias} where ${filter.where}${edge}`;
      // With no range inside, every row the filter finds is at its edge.
      const parts =
        first === null
          ? [baseRows('')]
          : [
              `select ${kept.join(', ')} from ${sums.table} where ${insideAfterFilter}`,
              baseRows(` and ${column.sql} < $${values.push(first)}::${type}`),
              baseRows(` and ${column.sql} >= $${values.push(bounds!.past)}::${type}`),
            ];
      const text = `select coalesce(${sums.rows}, 0)::int8 as "__rows", ${totals.join(', ')} from (${parts.join(' union all ')}) ${def.alias}`;
      return (await pool.query<Row>(text, values)).rows[0] ?? {};
    },
  };
}
