// The browser-safe half of an entity's definition: its columns, form fields, paging, sorting and permissions,
// without a word of SQL. Each entity is written once, with its SQL beside each column, in its file under
// server/resources/ (define.ts splits it): the table island is configured from this half, which is all a page
// ever gets, and the table API runs the two joined.
import type { FormField } from '../form-definition.ts';
import type { MenuPlace } from '../menu-sections.ts';
import { cellText, type FormatName } from '../format.ts';
import type { Access } from '../roles.ts';

/** How a column's values are read from requests and bound to SQL (search terms, edited values). */
const valueTypes = ['text', 'integer', 'number', 'boolean', 'date', 'datetime'] as const;
export type ValueType = (typeof valueTypes)[number];

const footerTotals = ['sum', 'avg', 'count'] as const;
type FooterTotal = (typeof footerTotals)[number];

export interface Column<Name extends string = string> {
  /** The API name (PascalCase): the key in rows, requests and forms. */
  name: Name;
  label: string;
  type: ValueType;
  format: FormatName;
  sortable?: boolean;
  /** Included in the global search and open to a per-column search. */
  searchable?: boolean;
  hiddenOnMobile?: boolean;
  /** Left out of the table (and the export) unless the user shows it. */
  hidden?: boolean;
  /**
   * The program's, not the person's (a key, a foreign key, the version): hidden, and never offered in the
   * Settings' column list or grouping, where an "ID" or a "Version" means nothing to anyone.
   */
  internal?: boolean;
  total?: FooterTotal;
  /**
   * The column's fixed set of values (a cycle's kind, a message's severity): its field is a select of them,
   * the server refuses any other, and its filter offers them. Declared once here, for field and filter.
   */
  values?: ReadonlyArray<string>;
  /**
   * The words people read for each of `values` (a region's name for its code), by value; a value without
   * one reads as itself. The language file may replace each under `<resource>.<Column>.<value>` (words.ts).
   */
  valueLabels?: Readonly<Record<string, string>>;
  /**
   * Its values are names of the app's tables (the audit log's Table): each reads as its table's title, in the
   * table, its filter's choices and its PDF (server/resources/table-titles.ts fills `valueLabels`).
   */
  namesTables?: boolean;
  /**
   * The values are those of another resource's column (a sale's state: the states' codes): the column's
   * filter offers them (GET /api/<resource>/filter-values), one or several, matched exactly.
   */
  choicesFrom?: { resource: string; column: string };
  /**
   * The stored type's size, for a number column: whole digits and decimals (numeric(p, s): p - s and s; int4:
   * 10 and 0). The export then formats within it, and skips rounding where the value has no more decimals
   * than it shows (a test holds it to the database's column type).
   */
  digits?: { whole: number; decimals: number };
  /** Never here: a column's expression is in the definition's SQL half, which the browser never gets. */
  sql?: never;
}

/** The optimistic-lock column every changeable resource has, named as its `version`. */
export const Version = {
  name: 'Version',
  label: 'Version',
  type: 'integer',
  format: 'integer',
  hidden: true,
  internal: true,
} as const satisfies Column;

const actions = ['list', 'add', 'edit', 'delete', 'export'] as const;
export type Action = (typeof actions)[number];

/** An action's rule; `false` means nobody (a read-only resource). An empty object means every signed-in user. */
export type ActionAccess = Access | false;

export interface Resource {
  /** The URL segment: /api/<name>. */
  name: string;
  title: string;
  /**
   * The path of the resource's table screen (`/stores`, `/admin/users`), the URL of its menu row; the screen
   * is built from this definition (server/table-screen/). Absent: the resource has the table API only.
   */
  screen?: string;
  /**
   * The screen's entry in the side menu (its title is the resource's, its access the list's): every install
   * gets it, a new one and an upgraded one alike (server/shell/menu-entries.ts).
   */
  menu?: MenuPlace;
  /** The key column: an integer column of the base table. */
  key: string;
  /** The optimistic-lock column (Version); absent for read-only resources. */
  version?: string;
  columns: ReadonlyArray<Column>;
  /** The add and edit dialogs' fields, each editing the column of its name. */
  fields: ReadonlyArray<FormField>;
  defaultSort: ReadonlyArray<{ column: string; dir: 'asc' | 'desc' }>;
  /**
   * The columns whose texts name a row (in a detail page's title, the audit log, a row's checkbox; the table's
   * link to its page sits in the first): absent, the first shown column. Set when that one does not name a
   * row (a cycle's kind, a message's date) or may be empty (a menu entry's parent).
   */
  names?: ReadonlyArray<string>;
  pageSize: number;
  access: Readonly<Record<Action, ActionAccess>>;
  /** Rows whose boolean column `when` is true may be changed only by users that pass `access` (e.g. super admins' accounts). */
  guardedRows?: { when: string; access: Access };
  /**
   * The rows are user accounts (the key is the user's id): on their own, users may not change these fields
   * (what keeps them signed in and in charge) nor delete the row.
   */
  ownAccount?: { unchangeable: ReadonlyArray<string> };
  /** The screen's list call, GET when absent (the table API takes either: server/routes/api/resource). */
  listMethod?: 'GET' | 'POST';
  /** Whether a change reads the screen's rows again, as when absent (common/table-config.ts: refreshAfterChange). */
  refreshAfterChange?: boolean;
  /** An add issues a secret its answer's row carries once under this name (the SQL half's issuesSecret). */
  showsSecret?: string;
  /** Files may be imported into it (server/imports/engine/), offered to who may add or edit there. */
  import?: ResourceImport;
}

/**
 * How an import matches a file's rows to the table's: `key` names the columns that name a row (a daily sale:
 * its store's number and its date). `finds` says how a select field is found from a column shown from the
 * row it picks (a sale's StoreID from its StoreNumber): `by` is that column here, `there` the column of the
 * picked resource compared with it, among the choices the user is offered.
 */
export interface ResourceImport {
  key: ReadonlyArray<string>;
  finds?: Readonly<Record<string, { by: string; there: string }>>;
}

/**
 * The names of a definition's columns that are `Like` (all of them by default); any name when its columns
 * are not known one by one (so that no error follows from another).
 */
export type ColumnOf<D extends { columns: ReadonlyArray<Column> }, Like = unknown> = string extends D['columns'][number]['name']
  ? string
  : Extract<D['columns'][number], Like>['name'];
export type FieldOf<D extends { fields: ReadonlyArray<{ name: string }> }> = D['fields'][number]['name'];

/** The columns whose texts name a row of the resource (see `Resource.names`). */
export function namingColumns<C extends Pick<Column, 'name' | 'hidden'>>(resource: {
  names?: ReadonlyArray<string>;
  columns: ReadonlyArray<C>;
}): C[] {
  const named = (resource.names ?? []).flatMap((n) => resource.columns.filter((c) => c.name === n));
  return named.length ? named : [resource.columns.find((c) => !c.hidden) ?? resource.columns[0]!];
}

/** The first of them: the one a table links to the row's page from. */
export function namingColumn<C extends Pick<Column, 'name' | 'hidden'>>(resource: {
  names?: ReadonlyArray<string>;
  columns: ReadonlyArray<C>;
}): C {
  return namingColumns(resource)[0]!;
}

/** A row's name: its naming columns' texts as the table shows them, those that have one, joined by a comma. */
export function rowName(
  resource: { names?: ReadonlyArray<string>; columns: ReadonlyArray<Pick<Column, 'name' | 'hidden' | 'format' | 'valueLabels'>> },
  row: Readonly<Record<string, unknown>>,
): string {
  return namingColumns(resource)
    .map((c) => (row[c.name] === null || row[c.name] === undefined ? '' : cellText(c, row[c.name])))
    .filter((t) => t !== '')
    .join(', ');
}
