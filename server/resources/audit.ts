// The audit log: every change made through the table API (who, when, action, key, before and after), each
// entry for whoever may reach the row it is about (its scope's rule: server/audit/readable-entries.ts). Who is
// the name kept with the entry: it outlives the account. Its changes are written in SQL in their raw form, by
// field name and stored value, which exports keep; a listed row shows them "label: old → new" a line, in the
// words of the resource the entry is about (server/audit/field-changes.ts), as the detail pages and the report
// do. Both read the resources the app serves, which the table API hands them. Read-only, for administrators.
import { changesText, fieldChanges, recordedRow } from '../audit/field-changes.ts';
import { readableEntriesSql } from '../audit/readable-entries.ts';
import { actionLabels, auditActions, rowWord } from '../audit/entry-words.ts';
import { AUDIT_ACTION_SQL } from '../audit/audit-log.ts';
import { defineResource } from './define.ts';
import type { ServedScopeRule } from './resource-sql.ts';

/**
 * Each changed field "Name: old → new" a line, in field name order (an addition's or deletion's "Name: value").
 * One line of ASCII, as the server's bundle keeps it (test/server/resources/sql-stays-on-server.test.ts).
 */
const rawChanges = `coalesce((select string_agg(f.key || ': ' || concat_ws(' ' || chr(8594) || ' ', a.before ->> f.key, a.after ->> f.key), chr(10) order by f.key) from jsonb_object_keys(coalesce(a.before, '{}'::jsonb) || coalesce(a.after, '{}'::jsonb)) as f(key) where (a.before -> f.key) is distinct from (a.after -> f.key)), '')`;

/** The rule over the audit log's rows, which are audit_log's under the alias `a` (its rows before and after, its author). */
const readableEntries: ServedScopeRule = (user, _resource, params, served) => readableEntriesSql(user, 'a', params, served);

export const auditDef = defineResource({
  name: 'audit',
  title: 'Audit log',
  screen: '/admin/audit',
  menu: { section: 'administration', icon: 'list', order: 190 },
  table: 'audit_log',
  alias: 'a',
  key: 'AuditID',
  columns: [
    { name: 'AuditID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'a.audit_id' },
    { name: 'At', label: 'When', type: 'datetime', format: 'datetime', sortable: true, total: 'count', sql: 'a.at' },
    {
      name: 'UserName',
      label: 'Who',
      type: 'text',
      format: 'text',
      searchable: true,
      choicesFrom: { resource: 'audit', column: 'UserName' },
      sql: 'a.user_name',
    },
    {
      name: 'Resource',
      label: 'Table',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      choicesFrom: { resource: 'audit', column: 'Resource' },
      namesTables: true,
      sql: 'a.resource',
    },
    {
      name: 'Action',
      label: 'Action',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      values: auditActions,
      valueLabels: actionLabels,
      sql: AUDIT_ACTION_SQL,
    },
    { name: 'RowKey', label: 'Row', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true, sql: 'a.row_key' },
    { name: 'Changes', label: 'Changes', type: 'text', format: 'text', sql: rawChanges },
    { name: 'Before', label: 'Before', type: 'text', format: 'text', hidden: true, sql: `coalesce(a.before::text, '')` },
    { name: 'After', label: 'After', type: 'text', format: 'text', hidden: true, sql: `coalesce(a.after::text, '')` },
  ],
  defaultSort: [{ column: 'At', dir: 'desc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: false, delete: false },
  // The row by its name, as the entry's other places show it (entry-words.ts); the table reads as its title
  // where it is shown (namesTables).
  shownRow: (row, served) => {
    const resource = String(row.Resource);
    const entry = { Before: recordedRow(row.Before), After: recordedRow(row.After) };
    return {
      ...row,
      RowKey: rowWord(served, resource, String(row.RowKey), entry.After ?? entry.Before),
      Changes: changesText(fieldChanges(served, resource, entry)),
    };
  },
  scope: { resource: 'Resource', rule: readableEntries },
});
