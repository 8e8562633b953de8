// The SQL half of a resource definition, which never leaves the server: its base table and joins, each
// column's expression, its row scope, fixed condition and values, the tables kept for its totals and counts,
// and what follows from its rows written. It is written against the browser-safe half (common/resources)
// and typed by it: it gives an expression for every column that half declares and names no other column,
// field or join.
import type pg from 'pg';
import type { MessageKey } from '../messages.ts';
import type { TableName } from '../db/table-changes.ts';
import type { FollowUpOfWrites } from '../table-api/change/change-follow-up.ts';
import type { CurrentUser } from '../../common/roles.ts';
import type { Column, ColumnOf, FieldOf, Resource } from '../../common/resources/types.ts';

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

/** A column's expression, where it is more than `<alias>.<column>` of the base table (which a plain string says). */
export interface ColumnSql<JoinAlias extends string = string> {
  /** The select expression over the base table and its joins. */
  sql: string;
  /** The join whose alias `sql` reads; absent when it reads the base table only. */
  join?: JoinAlias;
  /** The tables a subquery of `sql` reads (what reads them is forgotten when they change: server/table-api/cache). */
  reads?: ReadonlyArray<string>;
  /** May be NULL: an empty form value is stored as NULL, and keyset paging steps around the column. */
  nullable?: boolean;
  /** The base table column a field on this column writes, where `sql` is not that column (from which it is otherwise read). */
  writes?: string;
  /** A list of codes kept in a link table rather than a base table column (a user's roles): what its field writes. */
  links?: LinkList;
  /**
   * A password its field sets (write-only: `sql` never reads it back): the value is hashed by `hash` (the
   * sign-in's own, server/auth/password.ts) before it is written to `writes`, and `alsoSets` (column to SQL
   * value) is set beside it.
   */
  password?: { hash: (password: string) => Promise<string>; alsoSets: Readonly<Record<string, string>> };
}

/**
 * A row's list of codes kept as rows of a link table (`user_roles`: `owner` the row's key, `target` the id of
 * a row of `choices`). Its field sends the codes (a JSON array, or a repeated form value); each must be a
 * `code` of `choices` (whose `name` the dialog shows). An edit replaces the row's whole list.
 */
export interface LinkList {
  table: TableName;
  owner: string;
  target: string;
  choices: { table: TableName; id: string; code: string; name: string };
}

/**
 * A row scope's rule as SQL: the condition on the scope column's expression `sql` keeping the rows `user`
 * may reach (and, for a read that names them, only the `selected` stores), its values pushed on `params`;
 * null when the user reaches every row. The domain that decides it hands it to the SQL half (who sees which
 * stores: server/stores/visible-stores.ts), so the generic table API applies it without knowing it.
 */
export type ScopeRule = (user: CurrentUser, sql: string, params: unknown[], selected?: ReadonlyArray<number>) => string | null;

/**
 * A resource the app serves (app.resources), as a hook of another's SQL half reads it: the audit log's rows
 * are about the others, and who reads an entry and how its changes read depend on the resource it is about.
 * The app's list, not the product's, so that an entity an app adds has its entries read like the rest.
 */
export interface ServedResource {
  name: string;
  title: string;
  access: Pick<Resource['access'], 'list'>;
  alias: string;
  updatedAt?: string;
  /** Its columns (a password's set, it is said so in words: server/audit/field-changes.ts). */
  columns: ReadonlyArray<
    Pick<Column, 'name' | 'label' | 'format' | 'internal' | 'hidden' | 'valueLabels'> & { sql: string; password?: unknown }
  >;
  /** Which of its rows a user may reach, by a column's name: an entry about one of them is read by the same rule. */
  scope?: RowScope<{ name: string }>;
}

/**
 * A row scope's rule over rows that are about the app's other resources (`served`), by their name in `sql`:
 * the condition keeping those the user may reach, its values pushed on `params` (the audit log's entries
 * about the rows the user may reach: server/audit/readable-entries.ts).
 */
export type ServedScopeRule = (user: CurrentUser, sql: string, params: unknown[], served: ReadonlyArray<ServedResource>) => string;

/**
 * Which rows a user may reach, by a column of the resource. `stores`: a store id, limited by its rule to the
 * user's visible and selected stores (every action, add included). `owner`: a user id that must be the user's
 * own (list, edit, delete; an add addresses a row to someone else, e.g. a message to a recipient). `group`: a
 * group id, limited by its rule (to the user's own group unless they see every store). `resource`: the name
 * of one of the app's resources, limited by its rule (ServedScopeRule).
 */
export type RowScope<Column = string> =
  | { stores: Column; rule: ScopeRule }
  | { owner: Column }
  | { group: Column; rule: ScopeRule }
  | { resource: Column; rule: ServedScopeRule };

/** A value the server sets on insert that the form does not carry: a constant, or the signed-in user's id. */
export type FixedValue = string | number | boolean | { currentUser: true };

export const CURRENT_USER: FixedValue = { currentUser: true };

/**
 * A secret an add issues (an API token): `make` gives it and what is kept of it (its hash), which the add
 * writes to the base table column `writes`. The add's answer carries the secret once, as `shows` in its row;
 * it is never read back and never reaches the change log (the audit log keeps the row without it).
 */
export interface IssuedSecret {
  writes: string;
  shows: string;
  make(): { secret: string; kept: string };
}

/** A value a change sends for one of the resource's columns. */
export interface SentValue {
  column: { name: string };
  value: unknown;
}

/**
 * Why a rule refuses a row's change: the message, and the one each field at fault shows; `forbidden` when the
 * refusal is about who the user is (a privilege they lack), not about the values sent.
 */
export interface RowRuleFailure {
  error: string;
  fields?: Record<string, string>;
  forbidden?: true;
}

/**
 * A rule the resource's changes obey beyond what its definition declares as data (who may grant an
 * administrator's flag, say). The table API asks it in the row's own transaction, with the row as it stood
 * before the change (null for an add) and the values sent, before anything is written: null lets the change
 * through.
 */
export type RowRule = (
  user: CurrentUser,
  before: Readonly<Record<string, unknown>> | null,
  sent: ReadonlyArray<SentValue>,
) => RowRuleFailure | null;

/** What a table screen shows beside its table: a notice above it ('' for none) and links beside its toolbar. */
export interface ScreenExtras {
  notice: string;
  links: Array<{ href: string; text: string }>;
}

/**
 * A resource's table screen's own part: the query parameters it reads beyond the store selection (JSON
 * schema properties) and what it shows from them (the users screen's link to the new-user form, and the
 * notice naming the user just added).
 */
export interface ScreenExtrasHook {
  query: Record<string, object>;
  read(pool: pg.Pool, query: Record<string, unknown>): Promise<ScreenExtras>;
}

/**
 * A rule that reads the database (a sale's day against the day its store opened), asked like the RowRule
 * in the row's own transaction, after it: null lets the change through.
 */
export type RowCheck = (
  client: Pick<pg.PoolClient, 'query'>,
  before: Readonly<Record<string, unknown>> | null,
  sent: ReadonlyArray<SentValue>,
) => Promise<RowRuleFailure | null>;

/**
 * A RowCheck of the rows an import adds that reads only their key (a sale's store and day), asked of a batch's
 * keys in the statement that looks its rows up (imports/engine/existing-rows.ts): no round trip of its own, a
 * feed request's batch among them. `sql` selects from the relation `keys` (a key a row: `k0`, `k1`... in the
 * import key's order, a found select's column in place of the one it is found by, and `i`) the keys it
 * refuses, each with `i` and what `failure` reads of it. A row an import changes keeps its key, so only an
 * add is asked.
 */
export interface ImportKeyCheck {
  sql: (keys: string) => string;
  failure: (refused: Readonly<Record<string, unknown>>) => RowRuleFailure;
}

/** The SQL half of the resource `D`, whose joins are `Joins`: every name in it is one `D` or `Joins` declares. */
export interface ResourceSql<D extends Resource = Resource, Joins extends ReadonlyArray<Join> = ReadonlyArray<Join>> {
  /** The base table that add, edit and delete change, and its alias in every SQL expression. */
  table: TableName;
  alias: string;
  /** Lookups for display columns, in order (a join comes after the one it goes `through`). */
  joins?: Joins;
  /** Each column's expression: `<alias>.<column>` of the base table, or more (ColumnSql). */
  columns: { readonly [Name in ColumnOf<D>]: string | ColumnSql<NoInfer<Joins[number]['alias']>> };
  /** A condition always applied (e.g. one kind of inbox row), over the base alias only. */
  where?: string;
  /** A base table column set to now() on every edit. */
  updatedAt?: string;
  scope?: RowScope<ColumnOf<D>>;
  fixedValues?: Readonly<Record<string, FixedValue>>;
  /** A secret each add issues (an API token's), shown once in the add's answer: see IssuedSecret. */
  issuesSecret?: IssuedSecret;
  /**
   * An add whose `field` has a value is stored once per row `members` selects (its one column; $1: the
   * field's value, $2: the adding user's id), each copy setting the base table's `column` to it: a message
   * to a group becomes one message per member. An add whose members are none is refused with `none`.
   */
  fanOut?: { field: FieldOf<D>; column: string; members: string; none: MessageKey };
  /**
   * A listed row as people read it, where SQL cannot write it (the audit log's changes, in the words of the
   * resource each entry is about, among those the app serves): applied to the rows of a list answer. Exports
   * keep the SQL's form.
   */
  shownRow?: (row: Record<string, unknown>, served: ReadonlyArray<ServedResource>) => Record<string, unknown>;
  /** The resource's own rule for a row's change (RowRule). */
  rowRule?: RowRule;
  /**
   * How its rows narrow to the user's own group when a select field offers them with `sameGroup` (common/
   * form-definition.ts): the rule of the domain that decides it (server/stores/visible-stores.ts).
   */
  sameGroupRule?: ScopeRule;
  /** What its table screen shows beside the table, when it shows more (ScreenExtrasHook). */
  screenExtras?: ScreenExtrasHook;
  /** The resource's own rule that reads other rows (RowCheck). */
  rowCheck?: RowCheck;
  /** The same rule for the rows an import adds, asked by their keys, which an import asks in place of rowCheck (ImportKeyCheck). */
  importKeyCheck?: ImportKeyCheck;
  /**
   * What follows from its rows written beyond its own tables (a sale's day no longer missing), for every
   * writer of them: the table API, an import, the feed (ChangeFollowUp). Absent: its writes cost nothing more.
   */
  followUp?: FollowUpOfWrites;
  /**
   * What a user who may not touch the definition's guarded rows (`guardedRows`) is told when they try: what
   * is not allowed, in words (else the plain refusal, which speaks of viewing a page).
   */
  guardRefusal?: MessageKey;
  /** Database constraints whose refusal concerns one field, with the message the user reads on it. */
  constraints?: Readonly<Record<string, { field: FieldOf<D>; message: MessageKey }>>;
  /**
   * The lookup the base rows hang from (sales from stores and their states): some of the joins, the first
   * one joined by the base table's `key` column, whose SQL type is `keyType`. Searches and the store scope
   * that read only its columns are resolved on it first, to ids (`id`, its key over the first join's alias),
   * and the base table is filtered by `key = any(ids)`: the planner estimates an id list well, where it
   * cannot estimate a text search across a join (server/table-api/query/filter.ts).
   */
  dimension?: {
    joins: ReadonlyArray<NoInfer<Joins[number]['alias']>>;
    key: ColumnOf<D, { type: 'integer' }>;
    keyType: 'int' | 'bigint';
    id: string;
  };
  /**
   * For a column whose rows many share (a store's state, over a million sales), the sortable columns that
   * order the rows it leaves tied, next, in its direction: the order an index of the joined table gives
   * (stores by state and number), so a page walks a few stores' rows instead of sorting a whole state's.
   * When grouped by the column they come right after the grouping columns (a group's rows are read store
   * by store, then in the order asked for); otherwise last but the key (the order asked for is kept).
   */
  sortTies?: Readonly<Partial<Record<ColumnOf<D, { sortable: true }>, ReadonlyArray<ColumnOf<D, { sortable: true }>>>>>;
  /**
   * A table of footer totals kept per value of some columns of the base table (`keeps`, by triggers, in its
   * migration), read instead of the base table when a filter reads no other column: a million rows' totals
   * from a few thousand. It takes the base alias, so the filter and the joins apply to it as written. `rows`
   * is the aggregate counting the base rows; `totals` has, for each column with a footer total, an aggregate
   * over it that equals that total over the base rows (a property test holds the two equal). With `buckets`,
   * its rows are also per bucket of a date column (`start` holds the bucket's first day, buckets are
   * `length` long): a deep page in that column's order then finds its bucket from the counts and reads
   * only that bucket's rows (server/table-api/list/positions.ts).
   */
  totalsTable?: {
    table: string;
    /**
     * The same sums per kept columns only (no buckets: the same column names, fewer rows), which counts,
     * footer totals and groups read; `table` then serves the deep pages in its bucket column's order.
     */
    coarse?: string;
    keeps: ReadonlyArray<ColumnOf<D>>;
    buckets?: { column: ColumnOf<D, { sortable: true }>; start: string; length: string };
    rows: string;
    totals: Readonly<Record<ColumnOf<D, { total: string }>, string>>;
  };
  /**
   * Totals kept per bucket of a date column alone, finer than `totalsTable`'s (per day where that is per store
   * and month), with the same `rows` and `totals` over its own columns: a filter that reads nothing but
   * `keeps` (the bucket column) is answered here. A deep page in the bucket column's order finds its exact
   * bucket (a day's rows to step over, not a month's), and groups by that column sum one row a bucket (or a
   * few: a bucket's rows may be spread over shards, as sales' are, migration 030; every reader adds them up by
   * bucket). A filter naming the dimension (a store-scoped user's) cannot use it and keeps `totalsTable`.
   */
  bucketTotals?: {
    table: string;
    keeps: ReadonlyArray<ColumnOf<D>>;
    buckets: { column: ColumnOf<D, { sortable: true }>; start: string; length: string };
    rows: string;
    totals: Readonly<Record<ColumnOf<D, { total: string }>, string>>;
  };
  /**
   * Row counts kept per value of some columns of the base table and per value range of others (by triggers,
   * in its migration; same base alias and `keeps` rule as `totalsTable`). Its rows are (measure, ..., bucket,
   * bucket_end, row_count): `measures` maps a column to its measure there. A deep page in such a column's
   * order finds its range from the counts and reads from the range's edge (server/table-api/list/positions.ts).
   */
  valueCounts?: {
    table: string;
    keeps: ReadonlyArray<ColumnOf<D>>;
    measures: Readonly<Partial<Record<ColumnOf<D, { sortable: true }>, string>>>;
    /**
     * The same counts per finer value range over fewer kept columns (the same row shape less those columns,
     * the same measures): a filter that reads nothing but its `keeps` finds its range there, fewer rows to
     * sum and fewer to step over inside the range.
     */
    finer?: { table: string; keeps: ReadonlyArray<ColumnOf<D>> };
  };
  /**
   * Footer sums kept per value range of some amount columns over all rows (by triggers, in its migration):
   * its rows are (measure, bucket, bucket_end, ...) with the sums `rows` and `totals` read under the base alias,
   * a range's sums possibly split over several rows (shards). A filter on one such column's range alone is
   * totalled from the ranges wholly inside it plus the base rows of the ranges it cuts
   * (server/table-api/list/value-sums.ts). `measures` maps a column to its measure there; `fromRow` gives each
   * kept sum's column as one base row holds it (row_count: 1).
   */
  valueSums?: {
    table: string;
    measures: Readonly<Partial<Record<ColumnOf<D, { type: 'number' | 'integer' }>, string>>>;
    fromRow: Readonly<Record<string, string>>;
    rows: string;
    totals: Readonly<Record<ColumnOf<D, { total: string }>, string>>;
  };
}
