// A record's recent changes from the audit log (a store's, a user account's), or the changes a user made:
// newest first, each with who, when, the action and the fields it changed, before and after; only the
// entries the reader may read (server/audit/readable-entries.ts).
import type pg from 'pg';
import { formatDateTime } from '../../common/format.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { readableEntriesSql } from '../audit/readable-entries.ts';
import { fieldChanges, type FieldChange } from '../reports/audit-trail/changes.ts';

/** How many changes a detail page lists. */
export const RECENT_CHANGES = 10;

export interface ShownChange {
  when: string;
  who: string;
  table: string;
  action: string;
  key: string;
  changes: FieldChange[];
}

interface ChangeRow {
  at: Date;
  user_name: string;
  resource: string;
  action: string;
  row_key: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The changes to one record (`of`) or by one user (`by`) that `reader` may read, newest first. */
export async function recentChanges(
  pool: pg.Pool,
  reader: CurrentUser,
  which: { of: { resource: string; key: number } } | { by: number },
  limit = RECENT_CHANGES,
): Promise<ShownChange[]> {
  const [condition, params]: [string, unknown[]] =
    'of' in which ? ['a.resource = $1 and a.row_key = $2', [which.of.resource, String(which.of.key)]] : ['a.user_id = $1', [which.by]];
  const readable = readableEntriesSql(reader, 'a.resource', params);
  params.push(limit);
  const r = await pool.query<ChangeRow>(
    `select a.at, a.user_name, a.resource, a.action, a.row_key, a.before, a.after
     from audit_log a where ${condition} and ${readable} order by a.at desc, a.audit_id desc limit $${params.length}`,
    params,
  );
  return r.rows.map((row) => ({
    when: formatDateTime(row.at),
    who: row.user_name,
    table: row.resource,
    action: row.action,
    key: row.row_key,
    changes: fieldChanges({ Before: row.before, After: row.after }),
  }));
}
