// Where the table API records each row it changes, in the row's own transaction, so the record and the
// change commit or roll back together. The app hands it in (the audit log: server/audit/audit-log.ts): what
// is recorded, and where, is not this generic layer's to know.
import type pg from 'pg';
import type { TableName } from '../../db/table-changes.ts';

/** One row's change: who made it, to which resource's row, and the row before and after (null for none). */
export interface ChangeEntry {
  user: { ID: number; UserName: string };
  resource: string;
  action: 'insert' | 'update' | 'delete';
  key: number;
  before: object | null;
  after: object | null;
  /** Written by an undo: the id of the entry whose change it takes back. */
  undoes?: number;
}

export interface ChangeLog {
  /** The table the log writes: announced as changed with the change's own tables. */
  table: TableName;
  /** Records the entry; answers its id (an undo names the entry it takes back). */
  write(client: pg.PoolClient, entry: ChangeEntry): Promise<number>;
}
