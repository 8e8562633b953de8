// API tokens: what a machine (a till, a nightly job) writes through the feed with (POST /api/feed/<table>,
// server/feed/). Administrators add them on their table screen, naming the tables each may write, the group
// whose stores it writes for (none: every store) and its expiry; the secret is shown once, in the add's answer
// (`Data[0].Token`), and only its hash is kept. Deleting a token revokes it. Adding, using (feed-audit.ts)
// and revoking one is in the audit log.
import { Version } from '../../common/resources/types.ts';
import { newTokenSecret } from '../feed/token-secret.ts';
import { defineResource, reference } from './define.ts';
import { groupsDef } from './groups.ts';
import { CURRENT_USER, type RowRule } from './resource-sql.ts';
import { msg } from '../messages.ts';

/** A token names at least one table (the field's `required` rule checks a single value, not a list of codes). */
const namesATable: RowRule = (_user, before, sent) => {
  const tables = sent.find((s) => s.column.name === 'Tables');
  if (tables ? (tables.value as string[]).length > 0 : before !== null) return null;
  const message = msg('required');
  return { error: `Tables: ${message}`, fields: { Tables: message } };
};

export const tokensDef = defineResource({
  name: 'tokens',
  title: 'API tokens',
  screen: '/admin/tokens',
  menu: { section: 'administration', icon: 'list', order: 185 },
  table: 'api_tokens',
  alias: 'tk',
  key: 'TokenID',
  version: 'Version',
  columns: [
    { name: 'TokenID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'tk.token_id' },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'tk.name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'Tables',
      label: 'Tables',
      type: 'text',
      format: 'text',
      sql: `array_to_string(array(select ft.code from api_token_tables att join feed_tables ft on ft.feed_table_id = att.feed_table_id where att.token_id = tk.token_id order by ft.code), ', ')`,
      reads: ['api_token_tables', 'feed_tables'],
      links: {
        table: 'api_token_tables',
        owner: 'token_id',
        target: 'feed_table_id',
        choices: { table: 'feed_tables', id: 'feed_table_id', code: 'code', name: 'name' },
      },
      field: { kind: 'choices', rules: { required: true } },
    },
    // No group: the token writes for every store.
    reference(groupsDef, {
      key: 'GroupID',
      sql: 'tk.group_id',
      alias: 'g',
      label: 'Stores of group',
      shows: { GroupName: 'Name' },
      optional: true,
    }),
    {
      name: 'ExpiresOn',
      label: 'Expires',
      type: 'date',
      format: 'date',
      sortable: true,
      sql: 'tk.expires_on',
      field: { kind: 'date', rules: { required: true }, hint: 'hintTokenExpiry' },
    },
    {
      name: 'LastUsedAt',
      label: 'Last used',
      type: 'datetime',
      format: 'datetime',
      sortable: true,
      sql: 'tk.last_used_at',
      nullable: true,
    },
    {
      name: 'CreatedAt',
      label: 'Created',
      type: 'datetime',
      format: 'datetime',
      sortable: true,
      hiddenOnMobile: true,
      sql: 'tk.created_at',
    },
    { ...Version, sql: 'tk.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
  fixedValues: { created_by: CURRENT_USER },
  rowRule: namesATable,
  issuesSecret: { writes: 'token_hash', shows: 'Token', make: newTokenSecret },
});
