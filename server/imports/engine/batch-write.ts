// Writes a planned batch (row-plan.ts) in the transaction it was planned in: its adds in one INSERT and its
// changes in one UPDATE per set of fields changed, each changed row's version moved on (as an edit through
// the table API moves it), then each row audited (audit_log, naming the import) in the same transaction. A
// row the database refuses (a unique key, a check) refuses the batch's statement: the batch is then written
// row by row, each refused row with the table API's message (db-errors.ts), the others written. A row the
// user could not reach once written (a store moved into another region) is refused as the table API refuses
// it, and the batch written again without it. Kept totals follow from the tables' own triggers.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import { msg } from '../../messages.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { rowFailure, type SentValues } from '../../table-api/change/db-errors.ts';
import { scopeColumns, scopeConditions } from '../../table-api/query/scope.ts';
import { fromClause } from '../../table-api/query/sql.ts';
import { matchColumns } from './existing-rows.ts';
import { importOf } from './import-fields.ts';
import type { Planned } from './row-plan.ts';

const arrayTypes = { text: 'text', integer: 'int8', number: 'numeric', boolean: 'bool', date: 'date', datetime: 'timestamptz' } as const;

type Add = Extract<Planned, { kind: 'add' }>;
type Change = Extract<Planned, { kind: 'change' }>;

export interface WriteContext {
  def: ResourceDef;
  user: CurrentUser;
  served: ReadonlyArray<ResourceDef>;
  importId: number;
}

/** A row written: its plan and its key. */
export interface Written {
  planned: Add | Change;
  key: number;
}

/** Writes the batch's adds and changes; the batch's plans with the rows refused on the way, and the rows written. */
export async function writeBatch(
  client: pg.PoolClient,
  ctx: WriteContext,
  planned: Planned[],
): Promise<{ planned: Planned[]; written: Written[] }> {
  let current = planned;
  for (;;) {
    await client.query('savepoint import_batch');
    let written: Written[];
    try {
      written = await writeAll(client, ctx, current);
    } catch (err) {
      await client.query('rollback to savepoint import_batch');
      if (!rowFailure(ctx.def, err)) throw err;
      return writeRowByRow(client, ctx, current);
    }
    const out = await unreachable(client, ctx, written);
    if (out.size === 0) {
      await audit(client, ctx, written);
      await client.query('release savepoint import_batch');
      return { planned: current, written };
    }
    await client.query('rollback to savepoint import_batch');
    current = current.map((p) => (out.has(p) ? forbidden(p) : p));
  }
}

/** The batch row by row, each in a savepoint of its own: what the database refuses is that row's alone. */
async function writeRowByRow(
  client: pg.PoolClient,
  ctx: WriteContext,
  planned: Planned[],
): Promise<{ planned: Planned[]; written: Written[] }> {
  const out: Planned[] = [];
  const written: Written[] = [];
  for (const p of planned) {
    if (p.kind !== 'add' && p.kind !== 'change') {
      out.push(p);
      continue;
    }
    await client.query('savepoint import_row');
    try {
      const [one] = await writeAll(client, ctx, [p]);
      if ((await unreachable(client, ctx, [one!])).size) throw new Reach();
      await audit(client, ctx, [one!]);
      await client.query('release savepoint import_row');
      written.push(one!);
      out.push(p);
    } catch (err) {
      await client.query('rollback to savepoint import_row');
      if (err instanceof Reach) {
        out.push(forbidden(p));
        continue;
      }
      const failure = rowFailure(ctx.def, err, p.sent);
      if (!failure) throw err;
      const messages = failure.fields ? Object.values(failure.fields).map(() => failure.error) : [failure.error];
      out.push({ kind: 'refused', row: p.row, label: p.label, messages: [...new Set(messages)], fields: failure.fields ?? {} });
    }
  }
  return { planned: out, written };
}

class Reach extends Error {}

function forbidden(p: Planned): Planned {
  return { kind: 'refused', row: p.row, label: p.label, messages: [msg('forbidden')], fields: {} };
}

async function writeAll(client: pg.PoolClient, ctx: WriteContext, planned: ReadonlyArray<Planned>): Promise<Written[]> {
  const adds = planned.filter((p): p is Add => p.kind === 'add');
  const changes = planned.filter((p): p is Change => p.kind === 'change');
  return [...(await insertRows(client, ctx, adds)), ...(await updateRows(client, ctx, changes))];
}

/** The plans grouped by the base table columns they write (in one statement each). */
function bySignature<P extends { sent: SentValues }>(planned: ReadonlyArray<P>): P[][] {
  const groups = new Map<string, P[]>();
  for (const p of planned) {
    const signature = p.sent
      .filter((s) => s.column.writes)
      .map((s) => s.column.writes)
      .join(',');
    groups.set(signature, [...(groups.get(signature) ?? []), p]);
  }
  return [...groups.values()];
}

function columnsOf(p: { sent: SentValues }): ColumnDef[] {
  return p.sent.filter((s) => s.column.writes).map((s) => s.column);
}

function sentValue(p: { sent: SentValues }, column: ColumnDef): unknown {
  return p.sent.find((s) => s.column === column)?.value ?? null;
}

async function insertRows(client: pg.PoolClient, ctx: WriteContext, adds: ReadonlyArray<Add>): Promise<Written[]> {
  const { def, user } = ctx;
  const written: Written[] = [];
  const match = matchColumns(def);
  for (const group of bySignature(adds)) {
    const columns = columnsOf(group[0]!);
    const fixed = Object.entries(def.fixedValues ?? {}).map(([name, value]) => ({
      name,
      value: typeof value === 'object' ? user.ID : value,
    }));
    const params: unknown[] = columns.map((c) => group.map((p) => sentValue(p, c)));
    const names = [...columns.map((c) => c.writes!), ...fixed.map((f) => f.name)];
    const fixedSql = fixed.map((f) => {
      params.push(f.value);
      return `$${params.length}`;
    });
    const list = columns.map((c, n) => `$${n + 1}::${arrayTypes[c.type]}[]`).join(', ');
    const select = columns.length
      ? `select x.*${fixedSql.map((f) => `, ${f}`).join('')} from unnest(${list}) as x`
      : `select ${fixedSql.join(', ')}`;
    const { rows } = await client.query<Record<string, unknown>>(
      `insert into ${def.table} (${names.join(', ')}) ${select}
       returning ${def.key.column} as key, ${match.map((c, n) => `${c.writes} as m${n}`).join(', ')}`,
      params,
    );
    const byMatch = new Map(rows.map((r) => [JSON.stringify(match.map((_, n) => String(r[`m${n}`]))), Number(r.key)]));
    for (const p of group) {
      const key = byMatch.get(JSON.stringify(match.map((c) => String(sentValue(p, c)))));
      if (key === undefined) throw new Error(`import into ${def.name}: an added row was not returned`);
      written.push({ planned: p, key });
    }
  }
  return written;
}

async function updateRows(client: pg.PoolClient, ctx: WriteContext, changes: ReadonlyArray<Change>): Promise<Written[]> {
  const { def } = ctx;
  for (const group of bySignature(changes)) {
    const columns = columnsOf(group[0]!);
    const params: unknown[] = [group.map((p) => p.key), ...columns.map((c) => group.map((p) => sentValue(p, c)))];
    const list = columns.map((c, n) => `$${n + 2}::${arrayTypes[c.type]}[]`).join(', ');
    const sets = columns.map((c, n) => `${c.writes} = v.c${n}`);
    if (def.version) sets.push(`${def.version.column} = t.${def.version.column} + 1`);
    if (def.updatedAt) sets.push(`${def.updatedAt} = now()`);
    await client.query(
      `update ${def.table} as t set ${sets.join(', ')}
       from unnest($1::int8[], ${list}) as v(k, ${columns.map((_, n) => `c${n}`).join(', ')})
       where t.${def.key.column} = v.k`,
      params,
    );
  }
  return changes.map((p) => ({ planned: p, key: p.key }));
}

/** The plans among `written` whose row the user can no longer reach (see the top). */
async function unreachable(client: pg.PoolClient, ctx: WriteContext, written: ReadonlyArray<Written>): Promise<Set<Planned>> {
  const { def, user, served } = ctx;
  if ((!def.scope && !def.where) || written.length === 0) return new Set();
  const params: unknown[] = [written.map((w) => w.key)];
  const conditions = [`${def.key.sql} = any($1::int8[])`, ...scopeConditions(def, user, 'edit', undefined, params, served)];
  const { rows } = await client.query<{ key: number }>(
    `select ${def.key.sql} as key from ${fromClause(def, scopeColumns(def))} where ${conditions.map((c) => `(${c})`).join(' and ')}`,
    params,
  );
  const seen = new Set(rows.map((r) => Number(r.key)));
  return new Set(written.filter((w) => !seen.has(w.key)).map((w) => w.planned));
}

/** One audit entry per row written, as the table API writes one, naming the import. */
async function audit(client: pg.PoolClient, ctx: WriteContext, written: ReadonlyArray<Written>): Promise<void> {
  if (written.length === 0) return;
  const { def, user, importId } = ctx;
  // What names the row to people (a sale's store number, its day) goes with its values on both sides.
  const named = (w: Written) => ({
    [def.key.name]: w.key,
    ...Object.fromEntries(
      importOf(def)
        .key.filter((k) => w.planned.row.values[k] !== undefined)
        .map((k) => [k, w.planned.row.values[k]!.trim()]),
    ),
  });
  const values = (sent: SentValues) => Object.fromEntries(sent.map((s) => [s.column.name, s.value]));
  const entries = written.map((w) => {
    const p = w.planned;
    if (p.kind === 'add') return { action: 'insert', before: null, after: { ...named(w), ...values(p.sent) } };
    const old = Object.fromEntries(p.sent.map((s) => [s.column.name, p.before[s.column.name] ?? null]));
    const scope = def.scope && 'stores' in def.scope ? { [def.scope.stores.name]: p.before[def.scope.stores.name] } : {};
    return { action: 'update', before: { ...named(w), ...scope, ...old }, after: { ...named(w), ...scope, ...values(p.sent) } };
  });
  await client.query(
    `insert into audit_log (user_id, user_name, resource, action, row_key, before, after, import_id)
     select $1, $2, $3, x.action, x.row_key, x.before::jsonb, x.after::jsonb, $4
     from unnest($5::text[], $6::text[], $7::text[], $8::text[]) as x(action, row_key, before, after)`,
    [
      user.ID,
      user.UserName,
      def.name,
      importId,
      entries.map((e) => e.action),
      written.map((w) => String(w.key)),
      entries.map((e) => (e.before ? JSON.stringify(e.before) : null)),
      entries.map((e) => JSON.stringify(e.after)),
    ],
  );
}
