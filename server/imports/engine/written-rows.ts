// The rows an import writes, as one relation the database reads them from (`import_rows`: each row's place,
// whether it is added or changed, the columns it writes, its key when it is changed, its audit entry's before
// and after), and the one statement that writes a range of them: every add and change, each row's audit entry
// naming the import, and which rows the user could not reach once written. The relation is a batch's rows
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
export const sqlTypes = { text: 'text', integer: 'int8', number: 'numeric', boolean: 'bool', date: 'date', datetime: 'timestamptz' } as const;

export type Add = Extract<Planned, { kind: 'add' }>;
export type Change = Extract<Planned, { kind: 'change' }>;
export type Writing = Add | Change;

export const isWriting = (p: Planned): p is Writing => p.kind === 'add' || p.kind === 'change';

/** Where the relation's rows come from: its SQL (a FROM item aliased `r`) and the values it binds. */
export interface RowSource {
  sql: string;
  params: unknown[];
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

/** What writing a range did: each row written with its key (when asked for), and those the user cannot reach. */
export interface RangeWritten {
  keys: Map<number, number>;
  unreachable: number[];
}

/** The relation's fixed columns, then `c0`, `c1`... one per column an import may write (RowShape.columns). */
const FIXED = ['import_row int8', 'kind text', 'sig int4', 'key int8', 'before text', 'after text'] as const;

/** An import's rows as the relation carries them, for one resource and user; `sig` numbers the sets of columns written. */
export class RowShape {
  /** The columns an import may write, in the relation's order (c0, c1...). */
  readonly columns: ReadonlyArray<ColumnDef>;
  private readonly signatures = new Map<string, number>();
  private readonly written: number[][] = [];

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
      const row = [first + i, p.kind, sig, p.kind === 'change' ? p.key : null, entry.before, entry.after, ...values];
      row.forEach((value, k) => out[k]!.push(value));
    });
    return out;
  }

  /** The arrays as a relation: unnest over them, bound from `$1` (with more columns after the relation's: `more`). */
  unnested(arrays: unknown[][], more: ReadonlyArray<string> = []): RowSource {
    const list = [...this.columnList(), ...more];
    const types = list.map((c, i) => `$${i + 1}::${c.split(' ')[1]}[]`).join(', ');
    const names = list.map((c) => c.split(' ')[0]).join(', ');
    return { sql: `unnest(${types}) as r(${names})`, params: arrays };
  }

  /** The columns a signature writes (indexes into `columns`). */
  signatureColumns(sig: number): ReadonlyArray<number> {
    return this.written[sig]!;
  }

  /** The signatures numbered so far. */
  signatureCount(): number {
    return this.written.length;
  }

  private signature(columns: number[]): number {
    const text = columns.join(',');
    let sig = this.signatures.get(text);
    if (sig === undefined) {
      sig = this.written.length;
      this.signatures.set(text, sig);
      this.written.push(columns);
    }
    return sig;
  }

  /**
   * The statement writing `range` of `source`'s rows (see the top), and its values. It answers the rows written
   * that the user cannot reach (reachable false), and with `keys` every row written with its key. An added
   * row's key is drawn from the key's sequence first, so that nothing joins the rows written back to the rows
   * (a staging table has no statistics: such a join is planned as a loop over both, quadratic).
   */
  statement(source: RowSource, range: RowRange, keys: boolean): { sql: string; params: unknown[] } {
    const { def, user, served } = this;
    const params = [...source.params];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const key = def.key.column;
    const ctes = [
      `import_rows as materialized (select * from ${source.sql}
         where r.import_row between ${bind(range.from)} and ${bind(range.to)} and r.import_row <> all(${bind(range.without)}::int8[]))`,
      // The key's sequence (its column's default draws from it), found once for the statement (an InitPlan).
      `keyed as materialized (select nextval((select pg_get_serial_sequence(${bind(def.table)}, ${bind(key)}))::regclass) as new_key, r.*
         from import_rows r where r.kind = 'add' order by r.import_row)`,
    ];
    const written: string[] = [];
    const fixed = Object.entries(def.fixedValues ?? {}).map(([name, value]) => ({
      name,
      value: typeof value === 'object' ? user.ID : value,
    }));
    for (let sig = 0; sig < this.written.length; sig++) {
      const columns = this.written[sig]!.map((i) => ({ column: this.columns[i]!, at: `r.c${i}` }));
      if (range.present.has(`add:${sig}`)) {
        const names = [key, ...columns.map((c) => c.column.writes!), ...fixed.map((f) => f.name)].join(', ');
        const values = ['r.new_key', ...columns.map((c) => c.at), ...fixed.map((f) => bind(f.value))].join(', ');
        ctes.push(`add_${sig} as (insert into ${def.table} (${names}) select ${values} from keyed r where r.sig = ${sig} returning *)`);
        written.push(`select * from add_${sig}`);
      }
      if (!range.present.has(`change:${sig}`)) continue;
      const sets = columns.map((c) => `${c.column.writes} = ${c.at}`);
      if (def.version) sets.push(`${def.version.column} = t.${def.version.column} + 1`);
      if (def.updatedAt) sets.push(`${def.updatedAt} = now()`);
      ctes.push(
        `change_${sig} as (update ${def.table} as t set ${sets.join(', ')} from import_rows r
           where r.sig = ${sig} and r.kind = 'change' and t.${key} = r.key returning t.*)`,
      );
      written.push(`select * from change_${sig}`);
    }
    if (written.length === 0) throw new Error(`import into ${def.name}: a range to write with no rows`);
    const rows = `select import_row, new_key as key, kind, before, after from keyed
       union all select import_row, key, kind, before, after from import_rows where kind = 'change'`;
    const withKey = `jsonb_build_object(${bind(def.key.name)}::text, w.key)`;
    ctes.push(
      `logged as (insert into audit_log (user_id, user_name, resource, action, row_key, before, after, import_id)
         select ${bind(user.ID)}::int, ${bind(user.UserName)}::text, ${bind(def.name)}::text,
                case w.kind when 'add' then 'insert' else 'update' end, w.key::text,
                w.before::jsonb || ${withKey}, w.after::jsonb || ${withKey}, ${bind(this.importId)}::int8
         from (${rows}) w order by w.import_row)`,
    );
    // The rows written that the user cannot reach: their scope read over the rows as written.
    const reach = def.scope || def.where ? scopeConditions(def, user, 'edit', undefined, params, served) : [];
    const reachable = reach.length ? reach.map((c) => `(${c})`).join(' and ') : 'true';
    ctes.push(`written as (${written.join(' union all ')})`);
    ctes.push(`unreachable as (select ${def.key.sql} as key from ${fromClause(def, scopeColumns(def), 'written')} where not (${reachable}))`);
    const sql = `with ${ctes.join(',\n')}
      select w.import_row as n, w.key, w.key not in (select key from unreachable) as reachable from (${rows}) w
      ${keys ? '' : 'where w.key in (select key from unreachable)'}`;
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
