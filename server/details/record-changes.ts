// A record's recent changes from the audit log (a store's, a user account's), or the changes a user made:
// newest first, each with who, when, the action and the fields it changed, before and after (in the
// resource's words: server/audit/field-changes.ts); only the entries the reader may read (server/audit/
// readable-entries.ts), both over the resources the app serves (app.resources). A page lists the most recent
// few, and links to itself listing more (`?changes=`).
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTION_SQL } from '../audit/audit-log.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { formatDateTime } from '../../common/format.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { readableEntriesSql } from '../audit/readable-entries.ts';
import { fieldChanges, type FieldChange } from '../audit/field-changes.ts';
import { actionWord, rowWord, tableWord } from '../audit/entry-words.ts';

/** How many changes a detail page lists, unless asked for more. */
export const RECENT_CHANGES = 10;
/** The most a detail page lists at once: past it, the audit log (filtered by table and key) has them all. */
const MOST_CHANGES = 500;

/** A detail page's query: how many changes to list. */
export const historyQuery = {
  type: 'object',
  properties: { changes: { type: 'integer', minimum: 1, maximum: MOST_CHANGES } },
  additionalProperties: false,
} as const;

/** The changes a page lists, from its query (historyQuery). */
export function historyLength(query: FromSchema<typeof historyQuery>): number {
  return query.changes ?? RECENT_CHANGES;
}

export interface History {
  changes: ShownChange[];
  /** The page listing more changes, when there are more; null when every one is listed. */
  moreHref: string | null;
}

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

/**
 * The changes to one record (`of`) or by one user (`by`) that `reader` may read in the app, newest first, at
 * most `limit`; and, when there are more, `pagePath` asking for five times as many.
 */
export async function recentChanges(
  app: FastifyInstance,
  reader: CurrentUser,
  which: { of: { resource: string; key: number } } | { by: number },
  limit: number,
  pagePath: string,
): Promise<History> {
  const [condition, params]: [string, unknown[]] =
    'of' in which ? ['a.resource = $1 and a.row_key = $2', [which.of.resource, String(which.of.key)]] : ['a.user_id = $1', [which.by]];
  const readable = readableEntriesSql(reader, 'a', params, app.resources);
  params.push(limit + 1);
  const r = await app.db.pool.query<ChangeRow>(
    `select a.at, a.user_name, a.resource, ${AUDIT_ACTION_SQL} as action, a.row_key, a.before, a.after
     from audit_log a where ${condition} and ${readable} order by a.at desc, a.audit_id desc limit $${params.length}`,
    params,
  );
  const more = r.rows.length > limit && limit < MOST_CHANGES;
  const changes = r.rows.slice(0, limit).map((row) => ({
    when: formatDateTime(row.at),
    who: row.user_name,
    table: tableWord(app.resources, row.resource),
    action: actionWord(row.action),
    key: rowWord(app.resources, row.resource, row.row_key, row.after ?? row.before),
    changes: fieldChanges(app.resources, row.resource, { Before: row.before, After: row.after }),
  }));
  return { changes, moreHref: more ? `${pagePath}?changes=${Math.min(limit * 5, MOST_CHANGES)}` : null };
}
