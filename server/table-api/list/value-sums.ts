// Footer totals of a list filtered on one amount's range alone (an admin's "Transactions 100 to 110", "Sales
// 10,000 or more"), from the sums kept per value range (ResourceDef `valueSums`, migration 034): the ranges
// wholly inside the filter's are added up, and of the base rows only those of the ranges it cuts (at most one
// at each end) are read, along the amount's index. At 10M sales, reading every matching row took 0.9-1.8 s.
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { Filter } from '../query/filter.ts';
import type { TableRequest } from '../request/table-request.ts';

type Reads = Pick<TableRequest, 'columnSearch' | 'searchTerms' | 'within'>;

/** The footer totals' statement over the kept value sums, when the request filters on one kept amount's range and nothing else. */
export function valueSumsQuery(def: ResourceDef, req: Reads, filter: Filter): { text: string; params: unknown[] } | undefined {
  const sums = def.valueSums;
  const searched = req.columnSearch.length === 1 ? req.columnSearch[0]! : undefined;
  if (!sums || !searched || def.where !== undefined || req.searchTerms.length > 0 || req.within.length > 0) return undefined;
  const { column, filter: range } = searched;
  const measure = sums.measures[column.name];
  // A scope (a store-scoped user's, a store selection) reads another column: those lists are summed as they were.
  if (range.kind !== 'number' || measure === undefined || filter.columns.some((c) => c !== column)) return undefined;
  const params = [...filter.params];
  const bind = (value: string, type: string) => `$${params.push(value)}::${type}`;
  // A range [bucket, bucket_end) holds values up to its end less the column's smallest step (a cent, a whole number).
  const step = 10 ** -(column.digits?.decimals ?? 0);
  const inside = [
    `measure = ${bind(measure, 'text')}`,
    ...(range.min === null ? [] : [`bucket >= ${bind(range.min, 'numeric')}`]),
    ...(range.max === null ? [] : [`bucket_end - ${step} <= ${bind(range.max, 'numeric')}`]),
  ];
  const kept = Object.keys(sums.fromRow);
  const baseRows = (edge: string) =>
    `select ${kept.map((k) => `${sums.fromRow[k]} as ${k}`).join(', ')} from ${def.table} ${def.alias} where ${filter.where} and ${edge}`;
  const totals = def.columns.flatMap((c) => (c.total ? [`${sums.totals[c.name as keyof typeof sums.totals]} as "${c.name}"`] : []));
  // With no range wholly inside, the lower edge's rows are all the filter's (both bounds are infinity).
  const text = `with inside as materialized (select bucket, bucket_end, ${kept.join(', ')} from ${sums.table} where ${inside.join(' and ')})
    select coalesce(${sums.rows}, 0)::int8 as "__rows", ${totals.join(', ')}
    from (select ${kept.join(', ')} from inside
          union all ${baseRows(`${column.sql} < coalesce((select min(bucket) from inside), 'infinity')`)}
          union all ${baseRows(`${column.sql} >= coalesce((select max(bucket_end) from inside), 'infinity')`)}) ${def.alias}`;
  return { text, params };
}
