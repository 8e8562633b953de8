// The changes made through the table API in a date range (the days from From to To, in the server's time
// zone), optionally to one table, oldest first: who, when, what, which record, and the record before and after;
// only the entries the reader may read (server/audit/readable-entries.ts) among the resources the app serves.
import type pg from 'pg';
import { AUDIT_ACTION_SQL } from '../../audit/audit-log.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import { readableEntriesSql } from '../../audit/readable-entries.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';

export interface AuditEntry {
  At: Date;
  UserName: string;
  Resource: string;
  Action: 'insert' | 'update' | 'delete';
  RowKey: string;
  Before: Record<string, unknown> | null;
  After: Record<string, unknown> | null;
}

/** At most `limit` entries: the caller asks for one more than it prints, to know when there are too many. */
export async function auditEntries(
  pool: pg.Pool,
  reader: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  range: { from: Date; until: Date; resource: string | null },
  limit: number,
): Promise<AuditEntry[]> {
  const params: unknown[] = [range.from, range.until, limit];
  const table = range.resource === null ? '' : `and a.resource = $${params.push(range.resource)}`;
  const readable = readableEntriesSql(reader, 'a', params, served);
  const r = await pool.query<AuditEntry>(
    `select a.at as "At", a.user_name as "UserName", a.resource as "Resource", ${AUDIT_ACTION_SQL} as "Action", a.row_key as "RowKey",
            a.before as "Before", a.after as "After"
     from audit_log a where a.at >= $1 and a.at < $2 ${table} and ${readable}
     order by a.at, a.audit_id limit $3`,
    params,
  );
  return r.rows;
}
