// The shape of a resource definition: one entity's table, columns, form fields and permissions, declared
// once as plain data. The server derives its list, add/edit/delete and export endpoints from it
// (server/resources works out the rest once); the table island derives its columns and dialogs from the same
// object (it ignores the SQL strings).
import type { FormatName } from '../format.ts';
import type { MessageKey } from '../messages.ts';
import type { Access } from '../roles.ts';
import type { FieldRules } from '../validation.ts';

/** How a column's values are read from requests and bound to SQL (search terms, edited values). */
export const valueTypes = ['text', 'integer', 'number', 'boolean', 'date', 'datetime'] as const;
export type ValueType = (typeof valueTypes)[number];

export const footerTotals = ['sum', 'avg', 'count'] as const;
export type FooterTotal = (typeof footerTotals)[number];

export interface Column<Name extends string = string, JoinAlias extends string = string> {
  /** The API name (PascalCase): the key in rows, requests and forms. */
  name: Name;
  /** The select expression over the base table and its joins (server only). */
  sql: string;
  /** The join whose alias `sql` reads; absent when it reads the base table only. */
  join?: JoinAlias;
  /** The tables a subquery of `sql` reads (what reads them is forgotten when they change: server/table-api/cache). */
  reads?: ReadonlyArray<string>;
  label: string;
  type: ValueType;
  format: FormatName;
  sortable?: boolean;
  /** Included in the global search and open to a per-column search. */
  searchable?: boolean;
  hiddenOnMobile?: boolean;
  /** Left out of the table (and the export) unless the user shows it. */
  hidden?: boolean;
  total?: FooterTotal;
  /**
   * The base table's column a field on this column writes to, where its `sql` is not that column
   * (`<alias>.<column>`, from which it is otherwise read).
   */
  writes?: string;
  /** May be NULL: an empty form value is stored as NULL, and keyset paging steps around the column. */
  nullable?: boolean;
  /**
   * The stored type's size, for a number column: whole digits and decimals (numeric(p, s): p - s and s; int4:
   * 10 and 0). The export then formats within it, and skips rounding where the value has no more decimals
   * than it shows (a test holds it to the database's column type).
   */
  digits?: { whole: number; decimals: number };
}

export const inputKinds = ['text', 'textarea', 'number', 'date', 'checkbox', 'select'] as const;
export type InputKind = (typeof inputKinds)[number];

export interface FieldDef<Name extends string = string> {
  /** The column this field edits: one that is a base table column (or says which it `writes`). */
  name: Name;
  label: string;
  input: InputKind;
  rules: FieldRules;
  /**
   * For selects: the rows of another resource to choose from (those the user may reach there), its value (an
   * integer id) and label columns. A change is checked against them (server/table-api/change/choices.ts).
   * The registry checks the names (resources/index.ts).
   */
  options?: Choices;
  /** Which dialogs show the field (default both). */
  on?: ReadonlyArray<'add' | 'edit'>;
  /** What an add stores when the field is left blank or not sent (the insert dialog starts from it too). */
  default?: string;
}

/** Where a select field's choices come from: another resource's rows, by its value and label columns. */
export interface Choices {
  resource: string;
  value: string;
  label: string;
  /** A boolean column of that resource: only its rows where it is true are offered (e.g. active users). */
  only?: string;
}

/**
 * A lookup for display columns: `join <table> <alias> on <on>`. Each must be many-to-one and always find its
 * row (a foreign key), or be `left`: then a count or a total that reads none of its columns can leave it out.
 */
export interface Join<Alias extends string = string> {
  alias: Alias;
  table: string;
  on: string;
  left?: boolean;
  /** The join whose alias `on` reads, when it is not the base table's: a query that needs this one needs it. */
  through?: string;
}

export const actions = ['list', 'add', 'edit', 'delete', 'export'] as const;
export type Action = (typeof actions)[number];

/** An action's rule; `false` means nobody (a read-only resource). An empty object means every signed-in user. */
export type ActionAccess = Access | false;

/**
 * Which rows a user may reach, by a column of the resource. `stores`: a store id, limited to the user's
 * visible and selected stores (every action, add included). `owner`: a user id that must be the user's own
 * (list, edit, delete; an add addresses a row to someone else, e.g. a message to a recipient). `group`: a
 * group id, limited to the user's own group unless they see every store.
 */
export type RowScope<ColumnName = string> = { stores: ColumnName } | { owner: ColumnName } | { group: ColumnName };

/** A value the server sets on insert that the form does not carry: a constant, or the signed-in user's id. */
export type FixedValue = string | number | boolean | { currentUser: true };

export interface Resource {
  /** The URL segment: /api/<name>. */
  name: string;
  title: string;
  /** The base table that add, edit and delete change, and its alias in every SQL expression. */
  table: string;
  alias: string;
  /** Lookups for display columns, in order (a join comes after the one it goes `through`). */
  joins?: ReadonlyArray<Join>;
  /** A condition always applied (e.g. one kind of inbox row), over the base alias only. */
  where?: string;
  /** The key column: an integer column of the base table. */
  key: string;
  /** The base table's optimistic-lock column (see versionColumn); absent for read-only resources. */
  version?: string;
  /** A base table column set to now() on every edit. */
  updatedAt?: string;
  columns: ReadonlyArray<Column>;
  fields: ReadonlyArray<FieldDef>;
  defaultSort: ReadonlyArray<{ column: string; dir: 'asc' | 'desc' }>;
  pageSize: number;
  scope?: RowScope;
  fixedValues?: Readonly<Record<string, FixedValue>>;
  /** Rows for which `when` holds may be changed only by users that pass `access` (e.g. super admins' accounts). */
  guardedRows?: { when: string; access: Access };
  /**
   * The rows are user accounts (the key is the user's id): on their own, users may not change these fields
   * (what keeps them signed in and in charge) nor delete the row.
   */
  ownAccount?: { unchangeable: ReadonlyArray<string> };
  /** Database constraints whose refusal concerns one field, with the message the user reads on it. */
  constraints?: Readonly<Record<string, { field: string; message: MessageKey }>>;
  access: Readonly<Record<Action, ActionAccess>>;
  /**
   * The lookup the base rows hang from (sales from stores and their states): some of the joins, the first
   * one joined by the base table's `key` column, whose SQL type is `keyType`. Searches and the store scope
   * that read only its columns are resolved on it first, to ids (`id`, its key over the first join's alias),
   * and the base table is filtered by `key = any(ids)`: the planner estimates an id list well, where it
   * cannot estimate a text search across a join (server/table-api/query/filter.ts).
   */
  dimension?: { joins: ReadonlyArray<string>; key: string; keyType: 'int' | 'bigint'; id: string };
  /**
   * A table of footer totals kept per value of some base table columns (`keeps`, by triggers, in its
   * migration), read instead of the base table when a filter reads no other column: a million rows' totals from a few
   * thousand. It takes the base alias, so the filter and the joins apply to it as written. `rows` is the
   * aggregate counting the base rows; `totals` has, for each column with a footer total, an aggregate over
   * it that equals that total over the base rows (a property test holds the two equal). With `buckets`,
   * its rows are also per bucket of a date column (`start` holds the bucket's first day, buckets are
   * `length` long): a deep page in that column's order then finds its bucket from the counts and reads
   * only that bucket's rows (server/table-api/list/positions.ts).
   */
  totalsTable?: {
    table: string;
    keeps: ReadonlyArray<string>;
    buckets?: { column: string; start: string; length: string };
    rows: string;
    totals: Readonly<Record<string, string>>;
  };
  /**
   * Row counts kept per value of some base table columns and per value range of other columns (by triggers, in
   * its migration; same base alias and `keeps` rule as `totalsTable`). Its rows are (measure, ..., bucket,
   * bucket_end, row_count): `measures` maps a column to its measure there. A deep page in such a column's
   * order finds its range from the counts and reads from the range's edge (server/table-api/list/positions.ts).
   */
  valueCounts?: {
    table: string;
    keeps: ReadonlyArray<string>;
    measures: Readonly<Partial<Record<string, string>>>;
  };
}

export const CURRENT_USER: FixedValue = { currentUser: true };

/** The optimistic-lock column every changeable resource has: `version` of the base table (alias `alias`). */
export function versionColumn(alias: string) {
  return { name: 'Version', sql: `${alias}.version`, label: 'Version', type: 'integer', format: 'integer', hidden: true } as const;
}

type ColumnName<Cols extends ReadonlyArray<Column>> = Cols[number]['name'];
/** The names of the columns that are `Like`; any name when the columns are not known one by one (no error follows from another). */
type ColumnLike<Cols extends ReadonlyArray<Column>, Like> = string extends ColumnName<Cols> ? string : Extract<Cols[number], Like>['name'];
type SortableColumn<Cols extends ReadonlyArray<Column>> = ColumnLike<Cols, { sortable: true }>;
type IntegerColumn<Cols extends ReadonlyArray<Column>> = ColumnLike<Cols, { type: 'integer' }>;
type TotalledColumn<Cols extends ReadonlyArray<Column>> = ColumnLike<Cols, { total: FooterTotal }>;
type FieldName<Fields extends ReadonlyArray<FieldDef>> = Fields[number]['name'];
type JoinAlias<Joins extends ReadonlyArray<Join>> = Joins[number]['alias'];

/**
 * A definition as written: every place that names a column names one its `columns` declare (a field, one
 * of its columns; the key, an integer column; a default sort or a counted range, a sortable one; the totals
 * table, each column with a footer total), and a column or the dimension names only declared joins. NoInfer
 * keeps those places from widening the names: a typo there fails to compile instead of declaring a column.
 */
export interface Definition<
  Name extends string,
  Joins extends ReadonlyArray<Join>,
  Cols extends ReadonlyArray<Column>,
  Fields extends ReadonlyArray<FieldDef>,
> extends Resource {
  name: Name;
  joins?: Joins;
  key: NoInfer<IntegerColumn<Cols>>;
  version?: NoInfer<IntegerColumn<Cols>>;
  columns: Cols;
  fields: Fields;
  scope?: RowScope<NoInfer<ColumnName<Cols>>>;
  dimension?: { joins: ReadonlyArray<NoInfer<JoinAlias<Joins>>>; key: NoInfer<IntegerColumn<Cols>>; keyType: 'int' | 'bigint'; id: string };
  defaultSort: ReadonlyArray<{ column: NoInfer<SortableColumn<Cols>>; dir: 'asc' | 'desc' }>;
  ownAccount?: { unchangeable: ReadonlyArray<NoInfer<FieldName<Fields>>> };
  constraints?: Readonly<Record<string, { field: NoInfer<FieldName<Fields>>; message: MessageKey }>>;
  totalsTable?: {
    table: string;
    keeps: ReadonlyArray<NoInfer<ColumnName<Cols>>>;
    buckets?: { column: NoInfer<SortableColumn<Cols>>; start: string; length: string };
    rows: string;
    totals: Readonly<Record<NoInfer<TotalledColumn<Cols>>, string>>;
  };
  valueCounts?: {
    table: string;
    keeps: ReadonlyArray<NoInfer<ColumnName<Cols>>>;
    measures: Readonly<Partial<Record<NoInfer<SortableColumn<Cols>>, string>>>;
  };
}

/** Identity, with the definition checked where it is written (see Definition); its names stay literal types. */
export function defineResource<
  const Name extends string,
  const Joins extends ReadonlyArray<Join>,
  const Cols extends ReadonlyArray<Column<string, JoinAlias<Joins>>>,
  const Fields extends ReadonlyArray<FieldDef<ColumnName<Cols>>>,
>(def: Definition<Name, Joins, Cols, Fields>): Definition<Name, Joins, Cols, Fields> {
  return def;
}

/** The choices a field may name among `defs`: a resource of theirs, its integer value column, a label column, a boolean column. */
type ChoicesAmong<Def> = Def extends { name: infer Name; columns: ReadonlyArray<infer Col extends Column> }
  ? { resource: Name; value: Extract<Col, { type: 'integer' }>['name']; label: Col['name']; only?: Extract<Col, { type: 'boolean' }>['name'] }
  : never;

/** Each definition's select fields choose from one of `Defs`, by columns it declares. */
export type ChoicesFound<Defs extends ReadonlyArray<Resource>> = {
  [I in keyof Defs]: { fields: ReadonlyArray<{ name: string; options?: ChoicesAmong<Defs[number]> }> };
};

/** The registry of definitions, checked as a whole: a field's choices name a resource and columns it has. */
export function defineRegistry<const Defs extends ReadonlyArray<Resource>>(defs: Defs & ChoicesFound<Defs>): ReadonlyArray<Resource> {
  return defs;
}
