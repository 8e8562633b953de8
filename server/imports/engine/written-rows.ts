// The rows an import writes, as one relation the database reads them from (`import_rows`: each row's place,
// whether it is added or changed, the columns it writes, its key (an add's drawn from the key's sequence), the
// version a change was planned from, its audit entry's before and after), and the one statement that writes a
// range of them: every add and change, each row's audit entry naming the import, which rows the user could not
// reach once written, and which changes found their row moved on from the version planned (changed or deleted
// by someone else since: an import planned outside its writing transaction locks nothing, staging.ts). The relation is a batch's rows
// sent as arrays (unnest), or an all-or-nothing import's staging table (staging.ts): the same statement reads
// either. Adds go in with one INSERT ... SELECT per set of columns written, changes with one UPDATE ... FROM
// per set (the version moved on, as an edit through the table API moves it), so the tables' statement-level
// triggers (kept totals) run once a statement, not once a row.
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import type { SentValues } from '../../table-api/change/db-errors.ts';
import { scopeColumns, scopeConditions } from '../../table-api/query/scope.ts';
import { fromClause } from '../../table-api/query/sql.ts';
import { importFields, importOf } from './import-fields.ts';
import type { Planned } from './row-plan.ts';

/** A column's type in PostgreSQL's words, for the arrays and the staging table that carry its values. */
const sqlTypes = {
  text: 'text',
  integer: 'int8',
  number: 'numeric',
  boolean: 'bool',
  date: 'date',
  datetime: 'timestamptz',
} as const;

type Add = Extract<Planned, { kind: 'add' }>;
type Change = Extract<Planned, { kind: 'change' }>;
export type Writing = Add | Change;

export const isWriting = (p: Planned): p is Writing => p.kind === 'add' || p.kind === 'change';

/**
 * Where the relation's rows come from: its SQL (a FROM item aliased `r`) and the values it binds; `keyed`
 * when its adds carry the keys drawn for them already (a staging table), else the statement draws them.
 */
export interface RowSource {
  sql: string;
  params: unknown[];
  keyed: boolean;
}

/**
 * The rows of a range to write: import_row from..to, leaving out those named (refused on the way), and the
 * kinds and signatures among them (`add:0`, `change:2`: a statement for each, none for the others).
 */
export interface RowRange {
  from: number;
  to: number;
  without: ReadonlyArray<number>;
  present: ReadonlySet<string>;
}

/** The relation's fixed columns, then `c0`, `c1`... one per column an import may write (RowShape.columns). */
const FIXED = ['import_row int8', 'kind text', 'sig int4', 'key int8', 'version int8', 'before text', 'after text'] as const;

/** An import's rows as the relation carries them, for one resource and user; `sig` numbers the sets of columns written. */
export class RowShape {
  /** The columns an import may write, in the relation's order (c0, c1...). */
  readonly columns: ReadonlyArray<ColumnDef>;
  private readonly signatures = new Map<string, number>();
  private readonly columnSets: number[][] = [];

  constructor(
    readonly def: ResourceDef,
    readonly user: CurrentUser,
    readonly served: ReadonlyArray<ResourceDef>,
    readonly importId: number,
  ) {
    this.columns = importFields(def).flatMap((f) => (f.role === 'field' && f.column.writes ? [f.column] : []));
  }

  /** The relation's columns with their types (a staging table's, or unnest's). */
  columnList(): string[] {
    return [...FIXED, ...this.columns.map((c, i) => `c${i} ${sqlTypes[c.type]}`)];
  }

  /**
   * The planned rows as the relation's arrays, each row numbered `first` + its place among `planned`; the kinds
   * and signatures they have are added to `present`.
   */
  arrays(planned: ReadonlyArray<Planned>, first: number, present: Set<string>): unknown[][] {
    const out: unknown[][] = [...FIXED.map(() => []), ...this.columns.map(() => [])];
    planned.forEach((p, i) => {
      if (!isWriting(p)) return;
      const values = new Array<unknown>(this.columns.length).fill(null);
      const columns: number[] = [];
      for (const { column, value } of p.sent) {
        if (!column.writes) continue;
        const at = this.columns.indexOf(column);
        if (at === -1) throw new Error(`import into ${this.def.name}: ${column.name} is no column an import writes`);
        values[at] = value;
        columns.push(at);
      }
      const entry = auditEntry(this.def, p);
      const sig = this.signature(columns);
      present.add(`${p.kind}:${sig}`);
      const change = p.kind === 'change';
      const version = change && this.def.version ? p.before[this.def.version.name] : null;
      const row = [first + i, p.kind, sig, change ? p.key : null, version ?? null, entry.before, entry.after, ...values];
      row.forEach((value, k) => out[k]!.push(value));
    });
    return out;
  }

  /** The arrays as a relation: unnest over them, bound from `$1` (with more columns after the relation's: `more`). */
  unnested(arrays: unknown[][], more: ReadonlyArray<string> = []): RowSource {
    const list = [...this.columnList(), ...more];
    const types = list.map((c, i) => `$${i + 1}::${c.split(' ')[1]}[]`).join(', ');
    const names = list.map((c) => c.split(' ')[0]).join(', ');
    return { sql: `unnest(${types}) as r(${names})`, params: arrays, keyed: false };
  }

  /**
   * The relation's columns read from `r` (and `more` after them), an add's key drawn from the sequence its key
   * column's default draws from (found once a statement: an InitPlan); `bind` binds a value.
   */
  keyedColumns(bind: (value: unknown) => string, more: ReadonlyArray<string> = []): string {
    const sequence = `(select pg_get_serial_sequence(${bind(this.def.table)}, ${bind(this.def.key.column)})::regclass)`;
    return [...this.columnList(), ...more]
      .map((c) => c.split(' ')[0])
      .map((name) => (name === 'key' ? `case when r.kind = 'add' then nextval(${sequence}) else r.key end as key` : `r.${name}`))
      .join(', ');
  }

  /** The columns a signature writes (indexes into `columns`). */
  signatureColumns(sig: number): ReadonlyArray<number> {
    return this.columnSets[sig]!;
  }

  private signature(columns: number[]): number {
    const text = columns.join(',');
    let sig = this.signatures.get(text);
    if (sig === undefined) {
      sig = this.columnSets.length;
      this.signatures.set(text, sig);
      this.columnSets.push(columns);
    }
    return sig;
  }

  /**
   * The statement writing `range` of `source`'s rows (see the top), and its values. It answers the rows written
   * that the user cannot reach (reachable false), the changes whose row had moved on from the version they were
   * planned from (stale: not written), and with `keys` every row with its key. An added
   * row's key is drawn before it is written, so that nothing joins the rows written back to the relation (a
   * staging table has no statistics: such a join is planned as a loop over both, quadratic).
   */
  statement(source: RowSource, range: RowRange, keys: boolean): { sql: string; params: unknown[] } {
    const { def, user, served } = this;
    const params = [...source.params];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const key = def.key.column;
    const picked = `r.import_row between ${bind(range.from)} and ${bind(range.to)} and r.import_row <> all(${bind(range.without)}::int8[])`;
    // Rows whose keys are drawn here are made once (materialized); a staging table's are read where used.
    const ctes = [
      source.keyed
        ? `import_rows as not materialized (select * from ${source.sql} where ${picked})`
        : `import_rows as materialized (select ${this.keyedColumns(bind)} from ${source.sql} where ${picked})`,
    ];
    // The rows written that the user cannot reach: their scope read over the rows as written (none to read
    // for a user whose scope is every row).
    const reach = (def.scope || def.where ? scopeConditions(def, user, 'edit', undefined, params, served) : []).filter((c) => c !== 'true');
    const returning = reach.length ? 'returning t.*' : '';
    const written: string[] = [];
    const changed: string[] = [];
    const version = def.version?.column;
    const fixed = Object.entries(def.fixedValues ?? {}).map(([name, value]) => ({
      name,
      value: typeof value === 'object' ? user.ID : value,
    }));
    for (let sig = 0; sig < this.columnSets.length; sig++) {
      const columns = this.columnSets[sig]!.map((i) => ({ column: this.columns[i]!, at: `r.c${i}` }));
      if (range.present.has(`add:${sig}`)) {
        const names = [key, ...columns.map((c) => c.column.writes!), ...fixed.map((f) => f.name)].join(', ');
        const values = ['r.key', ...columns.map((c) => c.at), ...fixed.map((f) => bind(f.value))].join(', ');
        ctes.push(
          `add_${sig} as (insert into ${def.table} as t (${names}) select ${values} from import_rows r where r.kind = 'add' and r.sig = ${sig}
             order by r.import_row ${returning})`,
        );
        written.push(`select * from add_${sig}`);
      }
      if (!range.present.has(`change:${sig}`)) continue;
      const sets = columns.map((c) => `${c.column.writes} = ${c.at}`);
      if (def.version) sets.push(`${def.version.column} = t.${def.version.column} + 1`);
      if (def.updatedAt) sets.push(`${def.updatedAt} = now()`);
      // Only the row as it was planned from: one changed meanwhile is left as it is, and told (stale).
      const unmoved = version ? `and t.${version} = r.version` : '';
      ctes.push(
        `change_${sig} as (update ${def.table} as t set ${sets.join(', ')} from import_rows r
           where r.kind = 'change' and r.sig = ${sig} and t.${key} = r.key ${unmoved} returning t.*)`,
      );
      written.push(`select * from change_${sig}`);
      changed.push(`select ${key} from change_${sig}`);
    }
    if (written.length === 0) throw new Error(`import into ${def.name}: a range to write with no rows`);
    const withKey = `jsonb_build_object(${bind(def.key.name)}::text, r.key)`;
    ctes.push(
      `logged as (insert into audit_log (user_id, user_name, resource, action, row_key, before, after, import_id)
         select ${bind(user.ID)}::int, ${bind(user.UserName)}::text, ${bind(def.name)}::text,
                case r.kind when 'add' then 'insert' else 'update' end, r.key::text,
                r.before::jsonb || ${withKey}, r.after::jsonb || ${withKey}, ${bind(this.importId)}::int8
         from import_rows r order by r.import_row)`,
    );
    const stale = changed.length && version ? `r.kind = 'change' and r.key not in (${changed.join(' union all ')})` : 'false';
    if (reach.length === 0) {
      const sql = `with ${ctes.join(',\n')} select r.import_row as n, r.key, true as reachable, ${stale} as stale
        from import_rows r ${keys ? '' : `where ${stale}`}`;
      return { sql, params };
    }
    ctes.push(`written as (${written.join(' union all ')})`);
    ctes.push(
      `unreachable as (select ${def.key.sql} as key from ${fromClause(def, scopeColumns(def), 'written')}
         where not (${reach.map((c) => `(${c})`).join(' and ')}))`,
    );
    const sql = `with ${ctes.join(',\n')}
      select r.import_row as n, r.key, r.key not in (select key from unreachable) as reachable, ${stale} as stale from import_rows r
      ${keys ? '' : `where r.key in (select key from unreachable) or ${stale}`}`;
    return { sql, params };
  }
}

/** The audit entry of a row written (as the table API writes one), its key left to the statement to add. */
function auditEntry(def: ResourceDef, p: Writing): { before: string | null; after: string } {
  // What names the row to people (a sale's store number, its day) goes with its values on both sides.
  const named: Record<string, unknown> = {};
  for (const k of importOf(def).key) if (p.row.values[k] !== undefined) named[k] = p.row.values[k]!.trim();
  const values = (sent: SentValues) => Object.fromEntries(sent.map((s) => [s.column.name, s.value]));
  if (p.kind === 'add') return { before: null, after: JSON.stringify({ ...named, ...values(p.sent) }) };
  const old = Object.fromEntries(p.sent.map((s) => [s.column.name, p.before[s.column.name] ?? null]));
  const scope = def.scope && 'stores' in def.scope ? { [def.scope.stores.name]: p.before[def.scope.stores.name] } : {};
  return {
    before: JSON.stringify({ ...named, ...scope, ...old }),
    after: JSON.stringify({ ...named, ...scope, ...values(p.sent) }),
  };
}
