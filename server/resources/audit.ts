// The audit log's SQL: one row of audit_log per change (common/resources/audit.ts), each for whoever may
// reach the row it is about (its scope's rule: server/audit/readable-entries.ts). Its changes are written
// in SQL in their raw form, by field name and stored value, which exports keep; a listed row shows them in the
// words of the resource the entry is about (server/audit/field-changes.ts), as the detail pages and the report
// do. Both read the resources the app serves, which the table API hands them.
import { audit } from '../../common/resources/audit.ts';
import { changesText, fieldChanges, recordedRow } from '../audit/field-changes.ts';
import { readableEntriesSql } from '../audit/readable-entries.ts';
import { defineResourceSql } from './resource-def.ts';
import type { ServedScopeRule } from './resource-sql.ts';

/**
 * Each changed field "Name: old → new" a line, in field name order (an addition's or deletion's "Name: value").
 * One line of ASCII, as the server's bundle keeps it (test/server/resources/sql-stays-on-server.test.ts).
 */
const rawChanges = `coalesce((select string_agg(f.key || ': ' || concat_ws(' ' || chr(8594) || ' ', a.before ->> f.key, a.after ->> f.key), chr(10) order by f.key) from jsonb_object_keys(coalesce(a.before, '{}'::jsonb) || coalesce(a.after, '{}'::jsonb)) as f(key) where (a.before -> f.key) is distinct from (a.after -> f.key)), '')`;

/** The rule over the audit log's rows, which are audit_log's under the alias `a` (its rows before and after, its author). */
const readableEntries: ServedScopeRule = (user, _resource, params, served) => readableEntriesSql(user, 'a', params, served);

export const auditDef = defineResourceSql(audit, {
  table: 'audit_log',
  alias: 'a',
  columns: {
    AuditID: 'a.audit_id',
    At: 'a.at',
    UserName: 'a.user_name',
    Resource: 'a.resource',
    Action: 'a.action',
    RowKey: 'a.row_key',
    Before: { sql: `coalesce(a.before::text, '')` },
    After: { sql: `coalesce(a.after::text, '')` },
    Changes: { sql: rawChanges },
  },
  shownRow: (row, served) => ({
    ...row,
    Changes: changesText(fieldChanges(served, String(row.Resource), { Before: recordedRow(row.Before), After: recordedRow(row.After) })),
  }),
  scope: { resource: 'Resource', rule: readableEntries },
});
