// What the dialogs and notices call a row: its name as the table shows it (common rowName: the config's
// `names`, else its first shown column), else its key; and a list of
// rows named up to a few, then "and N more", as the delete question shows them.
import { rowName as namedAs } from '../../../common/resources/types.ts';
import type { Row, TableConfig } from '../../../common/table-config.ts';
import { tableMsg } from '../../../common/table-messages.ts';

/** How many rows a list names before it counts the rest. */
export const NAMED_ROWS = 5;

export function rowName(config: TableConfig, row: Row): string {
  return namedAs(config, row) || String(row[config.key] ?? '');
}

/** The rows' names, the first few, then "and N more" for the rest. */
export function namedRows(config: TableConfig, rows: ReadonlyArray<Row>): string[] {
  const names = rows.slice(0, NAMED_ROWS).map((row) => rowName(config, row));
  // One more is named rather than counted: "and 1 more" takes the room of its name.
  if (rows.length === NAMED_ROWS + 1) return [...names, rowName(config, rows[NAMED_ROWS]!)];
  return rows.length > NAMED_ROWS ? [...names, tableMsg('deleteAndMore', rows.length - NAMED_ROWS)] : names;
}

/** A row's name by its key, among `rows` (those a change was asked for). */
export function namesByKey(config: TableConfig, rows: ReadonlyArray<Row>): (key: unknown) => string {
  const names = new Map(rows.map((row) => [String(row[config.key]), rowName(config, row)]));
  return (key) => names.get(String(key)) ?? String(key);
}
