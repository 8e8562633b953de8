// Every change made through the table API goes to audit_log in the same transaction as the change:
// who (by id, and by name, which outlives the account), when (the row's default), the resource, the
// action, the key, the row before and after, and for an undo's entry the entry it takes back (undoes). The table API is handed it as its change log (auditLog).
import type pg from 'pg';
import type { ChangeEntry, ChangeLog } from '../table-api/change/change-log.ts';

export async function writeAudit(client: pg.PoolClient, entry: ChangeEntry): Promise<number> {
  const r = await client.query<{ id: number }>(
    `insert into audit_log (user_id, user_name, resource, action, row_key, before, after, undoes)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8) returning audit_id as id`,
    [
      entry.user.ID,
      entry.user.UserName,
      entry.resource,
      entry.action,
      String(entry.key),
      json(entry.before),
      json(entry.after),
      entry.undoes ?? null,
    ],
  );
  return r.rows[0]!.id;
}

/** The audit log as the table API's change log (routes/api/resource/changes.ts hands it in). */
export const auditLog: ChangeLog = { table: 'audit_log', write: writeAudit };

function json(row: object | null): string | null {
  return row === null ? null : JSON.stringify(row);
}

/**
 * The action an entry shows, in SQL over audit_log under the alias `a` (as every reader of the log names it):
 * its own ('insert', 'update', 'delete'), marked "(undo)" when it puts back an earlier change (an undo's edit,
 * or a deleted row added back). Written out whole, as the definitions' SQL is (sql-stays-on-server.test.ts).
 */
export const AUDIT_ACTION_SQL = `a.action || case when a.undoes is null then '' else ' (undo)' end`;
