// An entity's one definition, as its file under server/resources/ writes it: each column with what the
// browser may be told of it (label, type, format, sorting, search, mobile, totals), its SQL beside it (its
// expression, the join it reads through, whether it may be NULL) and the field that edits it, if any; then
// the entity's key, sort, paging, access, screen and menu place, and its SQL-only rules (scope, checks,
// counts tables). A reference to another entity is one declaration (`reference`): the key column, the
// column(s) shown from the other table, the select field choosing among its rows, and the join.
// defineResource splits it into the browser-safe half the table screen is configured from (no SQL text in
// it: test/server/resources/sql-stays-on-server.test.ts) and the SQL half, joined for the table API
// (resource-def.ts), checking as it is written that every name it uses is one of its columns.
import type { FormField } from '../../common/form-definition.ts';
import type { FormatName } from '../../common/format.ts';
import type { Column, Resource, ValueType } from '../../common/resources/types.ts';
import { fieldsWithChoices } from '../../common/resources/words.ts';
import type { Access } from '../../common/roles.ts';
import type { MessageKey } from '../messages.ts';
import type { FollowUpOfWrites } from '../table-api/change/change-follow-up.ts';
import { resourceDef, type ResourceDef } from './resource-def.ts';
import type {
  ColumnSql,
  FixedValue,
  ImportKeyCheck,
  IssuedSecret,
  Join,
  ResourceSql,
  RowCheck,
  RowRule,
  ScopeRule,
  ScreenExtrasHook,
  ServedResource,
  ServedScopeRule,
} from './resource-sql.ts';

/** The field that edits a column, written beside it: labelled as the column unless it says otherwise. */
export type WrittenField = Omit<FormField, 'name' | 'label'> & { label?: string };

/** A column as its entity writes it: the browser's part, its SQL (with the join it reads through), its field. */
export type WrittenColumn<Name extends string = string> = Omit<Column<Name>, 'sql'> &
  Omit<ColumnSql, 'sql' | 'join'> & {
    /** Its expression over the base table's alias, or a join's. */
    sql: string;
    /**
     * The join `sql` reads through: declared here by the first column that needs it, named by its alias by
     * the others (and by a dimension or a sort).
     */
    join?: Join | string;
    /** The add and edit dialogs' field for it, in column order. */
    field?: WrittenField;
  };

/** Columns as written: one each, or a reference's several. */
type WrittenColumns = ReadonlyArray<WrittenColumn | ReadonlyArray<WrittenColumn>>;
type Flat<Cols extends WrittenColumns> = Cols[number] extends infer C ? (C extends ReadonlyArray<infer I> ? I : C) : never;
/** The names of the written columns that are `Like`. */
type NameOf<Cols extends WrittenColumns, Like = unknown> = Extract<Flat<Cols>, Like> extends { name: infer N extends string } ? N : never;
type Edited<Cols extends WrittenColumns> = NameOf<Cols, { field: object }>;

/** A row scope by a column's name (resource-sql.ts's RowScope), over the written columns. */
type WrittenScope<Name extends string> =
  | { stores: Name; rule: ScopeRule }
  | { owner: Name }
  | { group: Name; rule: ScopeRule }
  | { resource: Name; rule: ServedScopeRule };

/** Each footer total's aggregate over a counts table, one for every column with a footer total. */
type Sums<Cols extends WrittenColumns> = Readonly<Record<NameOf<Cols, { total: string }>, string>>;

/** An entity as its file writes it (see the top of this file); every name it uses is one of its columns. */
export interface WrittenResource<Name extends string, Cols extends WrittenColumns> {
  /** The URL segment: /api/<name>; the key of its words in a language file (`<name>.title`). */
  name: Name;
  title: string;
  /** Its table screen's path, the URL of its menu entry; absent: the table API only. */
  screen?: Resource['screen'];
  menu?: Resource['menu'];
  /** The base table that add, edit and delete change, and its alias in every SQL expression. */
  table: string;
  alias: string;
  columns: Cols;
  /** The key column: an integer column of the base table. */
  key: NoInfer<NameOf<Cols, { type: 'integer' }>>;
  /** The optimistic-lock column; absent for read-only resources. */
  version?: NoInfer<NameOf<Cols, { type: 'integer' }>>;
  defaultSort: ReadonlyArray<{ column: NoInfer<NameOf<Cols, { sortable: true }>>; dir: 'asc' | 'desc' }>;
  /** The columns whose texts name a row; absent: the first shown column. */
  names?: ReadonlyArray<NoInfer<NameOf<Cols>>>;
  pageSize: number;
  access: Resource['access'];
  guardedRows?: { when: NoInfer<NameOf<Cols, { type: 'boolean' }>>; access: Access };
  ownAccount?: { unchangeable: ReadonlyArray<NoInfer<Edited<Cols>>> };
  listMethod?: Resource['listMethod'];
  refreshAfterChange?: Resource['refreshAfterChange'];
  import?: Resource['import'];
  importKeyCheck?: ImportKeyCheck;
  followUp?: FollowUpOfWrites;
  /** Joins no column declares (one only a dimension reads). */
  joins?: ReadonlyArray<Join>;
  where?: string;
  updatedAt?: string;
  scope?: WrittenScope<NoInfer<NameOf<Cols>>>;
  fixedValues?: Readonly<Record<string, FixedValue>>;
  issuesSecret?: IssuedSecret;
  fanOut?: { field: NoInfer<Edited<Cols>>; column: string; members: string; none: MessageKey };
  shownRow?: (row: Record<string, unknown>, served: ReadonlyArray<ServedResource>) => Record<string, unknown>;
  rowRule?: RowRule;
  sameGroupRule?: ScopeRule;
  screenExtras?: ScreenExtrasHook;
  rowCheck?: RowCheck;
  guardRefusal?: MessageKey;
  constraints?: Readonly<Record<string, { field: NoInfer<Edited<Cols>>; message: MessageKey }>>;
  dimension?: { joins: ReadonlyArray<string>; key: NoInfer<NameOf<Cols, { type: 'integer' }>>; keyType: 'int' | 'bigint'; id: string };
  sortTies?: Readonly<Partial<Record<NameOf<Cols, { sortable: true }>, ReadonlyArray<NameOf<Cols, { sortable: true }>>>>>;
  totalsTable?: {
    table: string;
    coarse?: string;
    keeps: ReadonlyArray<NoInfer<NameOf<Cols>>>;
    buckets?: { column: NoInfer<NameOf<Cols, { sortable: true }>>; start: string; length: string };
    rows: string;
    totals: Sums<Cols>;
  };
  bucketTotals?: {
    table: string;
    keeps: ReadonlyArray<NoInfer<NameOf<Cols>>>;
    buckets: { column: NoInfer<NameOf<Cols, { sortable: true }>>; start: string; length: string };
    rows: string;
    totals: Sums<Cols>;
  };
  valueCounts?: {
    table: string;
    keeps: ReadonlyArray<NoInfer<NameOf<Cols>>>;
    measures: Readonly<Partial<Record<NameOf<Cols, { sortable: true }>, string>>>;
    finer?: { table: string; keeps: ReadonlyArray<NoInfer<NameOf<Cols>>> };
  };
  valueSums?: {
    table: string;
    measures: Readonly<Partial<Record<NameOf<Cols, { type: 'number' | 'integer' }>, string>>>;
    fromRow: Readonly<Record<string, string>>;
    rows: string;
    totals: Sums<Cols>;
  };
}

/** What of a written definition the browser-safe half is made of; the rest is the SQL half's. */
const browserKeys = [
  'name',
  'title',
  'screen',
  'menu',
  'key',
  'version',
  'defaultSort',
  'names',
  'pageSize',
  'access',
  'guardedRows',
  'ownAccount',
  'listMethod',
  'refreshAfterChange',
  'import',
] as const;

/** What of a written column the browser may be told: all but its SQL and its field. */
function browserColumn(column: WrittenColumn): Column {
  const {
    sql: _sql,
    join: _join,
    reads: _reads,
    nullable: _nullable,
    writes: _writes,
    links: _links,
    password: _pw,
    field: _field,
    ...rest
  } = column;
  return rest;
}

function columnSql(column: WrittenColumn): ColumnSql {
  const { sql, join, reads, nullable, writes, links, password } = column;
  return {
    sql,
    ...(join !== undefined && { join: typeof join === 'string' ? join : join.alias }),
    ...(reads && { reads }),
    ...(nullable && { nullable }),
    ...(writes && { writes }),
    ...(links && { links }),
    ...(password && { password }),
  };
}

/** The entity's one definition, split into its two halves and joined for the table API (see the top). */
export function defineResource<const Name extends string, const Cols extends WrittenColumns>(
  written: WrittenResource<Name, Cols>,
): ResourceDef<Name, NameOf<Cols>> {
  const columns = (written.columns as WrittenColumns).flat() as WrittenColumn[];
  const own = Object.fromEntries(browserKeys.flatMap((key) => (written[key] === undefined ? [] : [[key, written[key]]])));
  const browserColumns = columns.map(browserColumn);
  const fields = columns.flatMap((c) => (c.field ? [{ ...c.field, name: c.name }] : []));
  const resource = {
    ...own,
    // The browser is told only where the add's answer carries the secret, to show it once.
    ...(written.issuesSecret && { showsSecret: written.issuesSecret.shows }),
    columns: browserColumns,
    fields: fieldsWithChoices(written.name, browserColumns, fields),
  } as unknown as Resource;
  // The joins in the order their columns declare them, then those no column declares.
  const joins = new Map<string, Join>();
  for (const c of columns) if (c.join && typeof c.join !== 'string' && !joins.has(c.join.alias)) joins.set(c.join.alias, c.join);
  for (const j of written.joins ?? []) joins.set(j.alias, j);
  for (const c of columns)
    if (typeof c.join === 'string' && !joins.has(c.join))
      throw new Error(`resource ${written.name}: the column ${c.name} reads through ${c.join}, which no column or join declares`);
  const { columns: _columns, joins: _joins, ...rest } = written;
  const sqlHalf = Object.fromEntries(Object.entries(rest).filter(([key]) => !(browserKeys as ReadonlyArray<string>).includes(key)));
  return resourceDef(resource, {
    ...sqlHalf,
    joins: [...joins.values()],
    columns: Object.fromEntries(columns.map((c) => [c.name, columnSql(c)])),
  } as unknown as ResourceSql) as ResourceDef<Name, NameOf<Cols>>;
}

/** A column shown from the referenced row: the column there (a base table column of theirs), or it and a label. */
/** A column shown from the referenced row: its name there, or that with its own label, or left out of a phone's rows. */
type Shows = string | { from: string; label?: string; hiddenOnMobile?: boolean };

/** How an entity refers to another's rows (see `reference`). */
interface ReferenceOptions<Key extends string, Shown extends string> {
  /** The key column's API name here (the field that chooses), and its base table column. */
  key: Key;
  sql: string;
  /** The join's alias. */
  alias: string;
  /** What people call it: the field's label, and that of the one column shown (several keep their own). */
  label: string;
  /** The columns shown from the referenced row, by their names here. */
  shows: Readonly<Record<Shown, Shows>>;
  /** The column there the select field shows for each row (default: the first shown); any column of theirs. */
  picks?: string;
  /** Rows need not have one: a left join, the key and shown columns may be NULL, the field is not required. */
  optional?: boolean;
  /** Whether a shown column's filter offers the values there, one or several (default true: a short list). */
  offersChoices?: boolean;
  /** What else the field says (its rules beyond the choice, which dialogs show it, who is offered it). */
  field?: Omit<WrittenField, 'kind' | 'options' | 'label'>;
  /** What else the shown columns say (hidden on phones, say). */
  column?: Partial<Pick<Column, 'hidden' | 'hiddenOnMobile'>>;
  /** Whether the key column sorts (a grouping or a deep page may order by it). */
  keySortable?: boolean;
}

type ReferenceColumns<Key extends string, Shown extends string> = readonly [
  WrittenColumn<Key> & { type: 'integer'; field: WrittenField },
  ...Array<WrittenColumn<Shown> & { type: ValueType; format: FormatName; sortable: true; searchable: true }>,
];

/**
 * A reference to another entity's rows (a store's state), declared once: the key column here (hidden, the
 * field choosing among `target`'s rows by `picks`), the columns shown from the referenced row (sortable,
 * searchable, their filter offering the values there), and the join to `target`'s table, left when the
 * reference is optional. Placed among the columns where the field should come in the dialogs.
 */
export function reference<const Key extends string, const Shown extends string>(
  target: ResourceDef,
  options: ReferenceOptions<Key, Shown>,
): ReferenceColumns<Key, Shown> {
  const { key, sql, alias, label, optional = false, offersChoices = true } = options;
  const there = (name: string) => {
    const column = target.columns.find((c) => c.name === name);
    const base = column?.sql.startsWith(`${target.alias}.`) ? column.sql.slice(target.alias.length + 1) : '';
    if (!column || !/^[a-z_][a-z0-9_]*$/.test(base))
      throw new Error(`a reference to ${target.name} shows ${name}, which is not a column of its table`);
    return { column, base };
  };
  const join: Join = { alias, table: target.table, on: `${alias}.${target.key.column} = ${sql}`, ...(optional && { left: true }) };
  const entries = Object.entries<Shows>(options.shows).map(([name, shows]) => ({
    name: name as Shown,
    ...(typeof shows === 'string' ? { from: shows, label: undefined, hiddenOnMobile: undefined } : shows),
  }));
  const shown = entries.map(({ name, from, label: own, hiddenOnMobile }, i) => {
    const { column, base } = there(from);
    return {
      name,
      label: own ?? (entries.length === 1 ? label : column.label),
      type: column.type,
      format: column.format,
      sortable: true as const,
      searchable: true as const,
      ...(offersChoices && { choicesFrom: { resource: target.name, column: from } }),
      ...options.column,
      ...(hiddenOnMobile && { hiddenOnMobile }),
      sql: `${alias}.${base}`,
      join: i === 0 ? join : alias,
      ...(optional && { nullable: true as const }),
    };
  });
  const picks = options.picks ?? entries[0]!.from;
  if (!target.columns.some((c) => c.name === picks)) throw new Error(`a reference to ${target.name} picks by ${picks}, which it has not`);
  const keyColumn = {
    name: key,
    label: `${label} ID`,
    type: 'integer' as const,
    format: 'text' as const,
    hidden: true,
    internal: true,
    ...(options.keySortable && { sortable: true }),
    sql,
    ...(optional && { nullable: true as const }),
    field: {
      label,
      kind: 'select' as const,
      ...options.field,
      rules: { ...(optional ? {} : { required: true }), digit: true, ...options.field?.rules },
      options: { resource: target.name, value: target.key.name, label: picks },
    },
  };
  return [keyColumn, ...shown] as unknown as ReferenceColumns<Key, Shown>;
}
