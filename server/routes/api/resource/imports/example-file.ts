// The example file of a table's import: a CSV (UTF-8 with a byte-order mark) headed with the labels the import
// matches, and one row: a row of the table the user may see, as the table shows it, or, in an empty table,
// values of each field's kind.
import type pg from 'pg';
import { formatValue } from '../../../../../common/format.ts';
import type { CurrentUser } from '../../../../../common/roles.ts';
import { importFields } from '../../../../imports/engine/index.ts';
import { msg } from '../../../../messages.ts';
import type { ColumnDef, ResourceDef } from '../../../../resources/resource-def.ts';
import { csvField } from '../../../../table-api/export/csv-line.ts';
import { scopeColumns, scopeConditions } from '../../../../table-api/query/scope.ts';
import { fromClause, selectList } from '../../../../table-api/query/sql.ts';

/** The fields an example shows: those a person fills (not a select's key, nor the version). */
function shownFields(def: ResourceDef) {
  const finds = Object.keys(def.import?.finds ?? {});
  return importFields(def).filter((f) => f.role !== 'version' && !finds.includes(f.name));
}

export async function exampleCsv(
  db: Pick<pg.Pool, 'query'>,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
): Promise<Buffer> {
  const fields = shownFields(def);
  const params: unknown[] = [];
  const conditions = scopeConditions(def, user, 'list', undefined, params, served);
  const columns = fields.map((f) => f.column);
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${selectList(columns)} from ${fromClause(def, [...columns, ...scopeColumns(def)])}
     where ${conditions.length ? conditions.map((c) => `(${c})`).join(' and ') : 'true'} limit 1`,
    params,
  );
  const row = rows[0];
  const cells = fields.map((f) => (row ? shown(f.column, row[f.name]) : sample(f.column)));
  const text = `${fields.map((f) => csvField(f.label)).join(',')}\r\n${cells.map(csvField).join(',')}\r\n`;
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
}

function shown(column: ColumnDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.values) return String(value);
  return formatValue(value, column.format);
}

/** A value of the column's kind, for an empty table. */
function sample(column: ColumnDef): string {
  if (column.values) return column.values[0] ?? '';
  switch (column.format) {
    case 'currency':
      return '$1,234.50';
    case 'percent':
      return '12.50%';
    case 'boolean':
      return msg('yes');
    case 'date':
      return formatValue(new Date().toISOString().slice(0, 10), 'date');
    default:
      return column.type === 'integer' || column.type === 'number' ? '1' : column.label;
  }
}
