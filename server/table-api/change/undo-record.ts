// The undo record of an edit or delete (migration 024): opened before the change's rows, each row that goes
// in kept beside its audit entry in that row's own transaction (a deleted row with its base table row and
// link rows as stored, to put back as they were), dropped again when no row went in. It lives in the
// database, so an undo that reaches another instance finds it. It may be undone until UNDO_SECONDS after
// the change, by the database's clock (the instances' own may differ), and a few seconds of grace; records
// an hour past that are pruned as new ones are opened.
import type pg from 'pg';
import { UNDO_SECONDS } from '../../../common/undo.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { linkTables } from './stored-values.ts';

/** The seconds past the notice's Undo that the server still takes one: a click in the last moment is on its way. */
export const UNDO_GRACE_SECONDS = 5;

/** A deleted row as its tables stored it: the base table's row and, by link table, the rows that named it. */
export interface StoredRow {
  row: Record<string, unknown>;
  links: Record<string, Array<Record<string, unknown>>>;
}

export interface UndoRecord {
  id: number;
  /** Keeps one changed row with its audit entry (and, deleted, its stored form), in the row's transaction. */
  keep(client: pg.PoolClient, key: number, auditId: number, stored?: StoredRow): Promise<void>;
}

export async function openUndo(pool: pg.Pool, def: ResourceDef, user: CurrentUser, action: 'update' | 'delete'): Promise<UndoRecord> {
  const r = await pool.query<{ id: number }>(
    `with pruned as (delete from change_undos where undo_until < now() - interval '1 hour')
     insert into change_undos (user_id, resource, action, undo_until)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning undo_id as id`,
    [user.ID, def.name, action, UNDO_SECONDS + UNDO_GRACE_SECONDS],
  );
  const id = r.rows[0]!.id;
  return {
    id,
    async keep(client, key, auditId, stored) {
      await client.query(`insert into change_undo_rows (undo_id, row_key, audit_id, stored) values ($1, $2, $3, $4::jsonb)`, [
        id,
        key,
        auditId,
        stored ? JSON.stringify(stored) : null,
      ]);
    },
  };
}

/** Forgets a record no row went into; a failure leaves it to expire (it holds nothing to undo). */
export async function dropUndo(pool: pg.Pool, id: number): Promise<void> {
  await pool.query('delete from change_undos where undo_id = $1', [id]).catch(() => undefined);
}

/** The row as its tables hold it (before a delete): every base table column, and its link tables' rows. */
export async function storedRow(client: pg.PoolClient, def: ResourceDef, key: number): Promise<StoredRow> {
  const r = await client.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) as row from ${def.table} t where ${def.key.column} = $1`,
    [key],
  );
  const links: StoredRow['links'] = {};
  for (const column of def.columns) {
    if (!column.links) continue;
    const { table, owner } = column.links;
    const l = await client.query<{ rows: Array<Record<string, unknown>> }>(
      `select coalesce(jsonb_agg(to_jsonb(l)), '[]'::jsonb) as rows from ${table} l where ${owner} = $1`,
      [key],
    );
    links[table] = l.rows[0]!.rows;
  }
  return { row: r.rows[0]!.row, links };
}

/** Puts a deleted row back as it was stored, with its key, and its link tables' rows. */
export async function restoreStoredRow(client: pg.PoolClient, def: ResourceDef, stored: StoredRow): Promise<void> {
  await client.query(`insert into ${def.table} select * from jsonb_populate_record(null::${def.table}, $1::jsonb)`, [
    JSON.stringify(stored.row),
  ]);
  for (const table of linkTables(def)) {
    const rows = stored.links[table] ?? [];
    if (rows.length)
      await client.query(`insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [JSON.stringify(rows)]);
  }
}
