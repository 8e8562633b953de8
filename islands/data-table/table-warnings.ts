// The table's warnings (spec sections 5 and 8): a list answer without a value for a column the table shows,
// or saved state naming columns the table no longer has. They point at a mistake between the server and
// the page, not at the user's: by default they pop up as an alert, as the spec says, so they are reported
// rather than missed; the server's TABLE_WARNINGS setting may send them to the console or silence them.
// (A table "not fitting its container" cannot happen here: header, body and footer are one <table> in a
// scrolling region, so their columns never drift apart.)
import { tableMsg } from '../../common/table-messages.ts';
import type { TableConfig, TablePage, TableWarnings } from '../../common/table-config.ts';

// Each warning once per page load: a table re-reading its rows must not alert at every page.
const given = new Set<string>();

export function tableWarning(mode: TableWarnings, text: string): void {
  if (mode === 'none' || given.has(text)) return;
  given.add(text);
  if (mode === 'alert') window.alert(text);
  else console.warn(text);
}

/** The first shown column a row of the answer lacks, with the row's number (from 0), as the warning's text. */
export function unknownColumnData(config: TableConfig, shown: ReadonlyArray<string>, page: TablePage): string | null {
  for (const [index, row] of page.data.entries()) {
    const missing = shown.find((name) => !Object.hasOwn(row, name));
    if (missing) return tableMsg('tableWarnUnknownData', config.title, missing, index);
  }
  return null;
}

/** The saved columns (order, visibility, widths, grouping) the table does not have; null when all are known. */
export function unknownSavedColumns(config: TableConfig, saved: unknown): string | null {
  if (!saved || typeof saved !== 'object') return null;
  const known = new Set(config.columns.map((c) => c.name));
  const s = saved as Record<string, unknown>;
  const named = [
    ...(Array.isArray(s.columnOrder) ? s.columnOrder : []),
    ...Object.keys(s.columnVisibility && typeof s.columnVisibility === 'object' ? s.columnVisibility : {}),
    ...Object.keys(s.columnSizes && typeof s.columnSizes === 'object' ? s.columnSizes : {}),
    ...Object.keys(s.filters && typeof s.filters === 'object' ? s.filters : {}),
    ...[s.mainGroup, s.subGroup].filter((g) => g !== null && g !== undefined),
  ];
  const unknown = [...new Set(named.filter((n) => typeof n !== 'string' || !known.has(n)).map(String))];
  return unknown.length ? tableMsg('tableWarnSavedColumns', config.title, unknown.join(', ')) : null;
}
