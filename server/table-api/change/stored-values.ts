// What a change writes beyond plain base table columns: a password field's value hashed by the hash its column
// names (before the row's transaction: hashing takes a while, and nobody should wait for the connection
// meanwhile) with the columns an edit sets beside it (an add stores the hash alone: no resource adds accounts
// through the table), and a list of codes (a user's roles) written to its link table, replacing the row's list.
import type pg from 'pg';
import type { TableName } from '../../db/table-changes.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { SentValues } from './db-errors.ts';

/** The values as they are stored: each password's hash in place of the password. */
export async function storedValues(sent: SentValues): Promise<SentValues> {
  return Promise.all(sent.map(async (s) => (s.column.password ? { ...s, value: await s.column.password.hash(String(s.value)) } : s)));
}

/** The SET assignments of the base table columns sent (parameters from `$first` on, values in `baseValues`' order). */
export function baseAssignments(sent: SentValues, first: number): string[] {
  const base = sent.filter((s) => s.column.writes);
  const extra = base.flatMap((s) => Object.entries(s.column.password?.alsoSets ?? {}).map(([column, sql]) => `${column} = ${sql}`));
  return [...base.map((s, n) => `${s.column.writes} = $${n + first}`), ...extra];
}

/** The values of the base table columns sent, in baseAssignments' order. */
export function baseValues(sent: SentValues): unknown[] {
  return sent.filter((s) => s.column.writes).map((s) => s.value);
}

/** Replaces the row's lists of codes (its link tables' rows) by those sent. */
export async function writeLinks(client: pg.PoolClient, key: number, sent: SentValues): Promise<void> {
  for (const { column, value } of sent) {
    const links = column.links;
    if (!links) continue;
    const { table, owner, target, choices } = links;
    await client.query(`delete from ${table} where ${owner} = $1`, [key]);
    await client.query(
      `insert into ${table} (${owner}, ${target}) select $1, ${choices.id} from ${choices.table} where ${choices.code} = any($2::text[])`,
      [key, value],
    );
  }
}

/** The link tables a resource's changes may write, beside its base table. */
export function linkTables(def: ResourceDef): TableName[] {
  return def.columns.flatMap((c) => (c.links ? [c.links.table] : []));
}
