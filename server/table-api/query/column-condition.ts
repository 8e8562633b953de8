// A column filter as SQL (common/table-filters.ts reads it): a range or a day on dates, a range on numbers,
// a list of values on choices, a literal "contains" on text. Every value is a bound parameter cast to the
// column's own kind, so the column's index serves the condition (a number column compared as numeric, a
// whole-number one as int8, which int4 and int8 indexes both take).
import type { ColumnFilter } from '../../../common/table-filters.ts';
import { booleanOf } from '../../../common/table-filters.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';

/** A condition written against a parameter list (it pushes its values and names them $n). */
export type Condition = (params: unknown[]) => string;

function asText(column: ColumnDef): string {
  return column.type === 'text' ? column.sql : `cast(${column.sql} as text)`;
}

/** ILIKE matches the text literally: the user's % _ and \ are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Some of the columns contains the text. */
export function matches(columns: ReadonlyArray<ColumnDef>, text: string): Condition {
  // No column to search: a word no row can hold.
  if (columns.length === 0) return () => 'false';
  return (params) => {
    params.push(containsPattern(text));
    return `(${columns.map((c) => `${asText(c)} ilike $${params.length}`).join(' or ')})`;
  };
}

const sqlTypes = {
  text: 'text',
  integer: 'int8',
  number: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
} as const satisfies Record<ColumnDef['type'], string>;

/** `column` within from..to (yyyy-mm-dd, either may be null: open); a datetime up to the end of `to`'s day. */
function dayRange(column: ColumnDef, from: string | null, to: string | null): Condition {
  return (params) => {
    const bind = (value: string) => `$${params.push(value)}::date`;
    if (from !== null && from === to && column.type === 'date') return `${column.sql} = ${bind(from)}`;
    const parts = [
      ...(from === null ? [] : [`${column.sql} >= ${bind(from)}`]),
      ...(to === null ? [] : [column.type === 'date' ? `${column.sql} <= ${bind(to)}` : `${column.sql} < ${bind(to)} + 1`]),
    ];
    return parts.join(' and ');
  };
}

export function columnCondition(column: ColumnDef, filter: ColumnFilter): Condition {
  switch (filter.kind) {
    case 'text':
      return matches([column], filter.text);
    case 'choice':
      return (params) => {
        const values = column.type === 'boolean' ? filter.values.map(booleanOf) : filter.values;
        return `${column.sql} = any($${params.push(values)}::${sqlTypes[column.type]}[])`;
      };
    case 'date':
      return dayRange(column, filter.from, filter.to);
    case 'number':
      return (params) => {
        const type = sqlTypes[column.type];
        const bound = (op: string, value: string) => `${column.sql} ${op} $${params.push(value)}::${type}`;
        if (filter.min !== null && filter.min === filter.max) return bound('=', filter.min);
        return [...(filter.min === null ? [] : [bound('>=', filter.min)]), ...(filter.max === null ? [] : [bound('<=', filter.max)])].join(
          ' and ',
        );
      };
  }
}

/** Some of the date columns holds the day (yyyy-mm-dd). */
export function dayCondition(columns: ReadonlyArray<ColumnDef>, day: string): Condition {
  return (params) => `(${columns.map((c) => `(${dayRange(c, day, day)(params)})`).join(' or ')})`;
}
