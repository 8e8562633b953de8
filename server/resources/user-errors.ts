// Client errors: what browsers reported to IT (POST /api/admin/user-error), newest first, for the IT role,
// who marks each as handled once it is (the one thing of a report that is edited; its words are as sent).
// IT is told of new ones in the inbox (server/inbox/system/new-client-errors.ts).
import { Version } from '../../common/resources/types.ts';
import { defineResource } from './define.ts';

export const userErrorsDef = defineResource({
  name: 'user-errors',
  title: 'Client errors',
  screen: '/admin/user-errors',
  menu: { section: 'administration', icon: 'bug', order: 200 },
  table: 'user_errors',
  alias: 'e',
  key: 'ErrorID',
  version: 'Version',
  columns: [
    { name: 'ErrorID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'e.error_id' },
    { name: 'CreatedAt', label: 'Reported', type: 'datetime', format: 'datetime', sortable: true, total: 'count', sql: 'e.created_at' },
    { name: 'UserName', label: 'User', type: 'text', format: 'text', searchable: true, sql: 'e.user_name' },
    { name: 'Page', label: 'Page', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true, sql: 'e.page' },
    { name: 'Url', label: 'URL', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true, sql: 'e.url' },
    {
      name: 'Status',
      label: 'Status',
      type: 'integer',
      format: 'text',
      sortable: true,
      hiddenOnMobile: true,
      sql: 'e.status',
      nullable: true,
    },
    { name: 'ErrorThrown', label: 'Error', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true, sql: 'e.error_thrown' },
    { name: 'Message', label: 'Message', type: 'text', format: 'text', searchable: true, sql: 'e.message' },
    {
      name: 'ExceptionMessage',
      label: 'Exception message',
      type: 'text',
      format: 'text',
      searchable: true,
      hidden: true,
      sql: 'e.exception_message',
    },
    { name: 'ExceptionType', label: 'Exception type', type: 'text', format: 'text', hidden: true, sql: 'e.exception_type' },
    { name: 'StackTrace', label: 'Stack trace', type: 'text', format: 'text', hidden: true, sql: 'e.stack_trace' },
    { name: 'UserAgent', label: 'Browser', type: 'text', format: 'text', hidden: true, sql: 'e.user_agent' },
    { name: 'AppVersion', label: 'App version', type: 'text', format: 'text', hidden: true, sql: 'e.app_version' },
    // The failed request's id: IT searches the server's log for it (docs/operations.md).
    { name: 'RequestId', label: 'Request ID', type: 'text', format: 'text', searchable: true, hidden: true, sql: 'e.request_id' },
    {
      name: 'IsHandled',
      label: 'Handled',
      type: 'boolean',
      format: 'boolean',
      sortable: true,
      sql: 'e.is_handled',
      field: { kind: 'flag', on: ['edit'] },
    },
    { ...Version, sql: 'e.version' },
  ],
  defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
  pageSize: 25,
  access: { list: { role: 'it' }, export: { role: 'it' }, add: false, edit: { role: 'it' }, delete: false },
});
