// Whether a list's filter can be answered from its resource's totals table (common/resources/types.ts
// `totalsTable`): only when the filter reads no base column but those the table keeps.
import type { ResourceDef } from '../../common/resources/types.ts';

export function totalsTableFor(def: ResourceDef, filter: { where: string }): ResourceDef['totalsTable'] {
  const table = def.totalsTable;
  if (!table) return undefined;
  for (const [, column] of filter.where.matchAll(new RegExp(`\\b${def.alias}\\.(\\w+)`, 'g'))) {
    if (!table.keeps.includes(column!)) return undefined;
  }
  return table;
}
