// The audit log's SQL: one row of audit_log per change (common/resources/audit.ts), each for whoever may
// list the resource it is about (server/audit/readable-entries.ts).
import { audit } from '../../common/resources/audit.ts';
import { defineResourceSql } from './resource-def.ts';

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
  },
  scope: { resource: 'Resource' },
});
