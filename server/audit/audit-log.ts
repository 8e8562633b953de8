// Every change made through the table API goes to audit_log in the same transaction as the change:
// who (by id, and by name, which outlives the account), when (the row's default), the resource, the
// action, the key, and the row before and after.
import type pg from 'pg';

type AuditAction = 'insert' | 'update' | 'delete';

export async function writeAudit(
  client: pg.PoolClient,
  entry: {
    user: { ID: number; UserName: string };
    resource: string;
    action: AuditAction;
    key: number;
    before: object | null;
    after: object | null;
  },
): Promise<void> {
  await client.query(
    `insert into audit_log (user_id, user_name, resource, action, row_key, before, after) values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [entry.user.ID, entry.user.UserName, entry.resource, entry.action, String(entry.key), json(entry.before), json(entry.after)],
  );
}

function json(row: object | null): string | null {
  return row === null ? null : JSON.stringify(row);
}
