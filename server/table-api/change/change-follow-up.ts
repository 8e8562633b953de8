// What the app does beyond a resource's own tables when a change writes its rows (a sale's day no longer
// missing): a part in each row's transaction, so it commits or rolls back with the row, and a part once the
// request's rows are done, which must wait for their commit. The app hands it in (ChangeWork.followUp) for
// the one resource a change writes: what follows from which rows is not this generic layer's to know.
import type pg from 'pg';
import type { TableName } from '../../db/table-changes.ts';
import type { Row } from '../../resources/resource-def.ts';

/** A row a change wrote: as it stood before (null: added, or put back by an undo) and as stored now (null: deleted). */
export interface RowWritten {
  key: number;
  before: Row | null;
  row: Row | null;
}

export interface ChangeFollowUp {
  /** The tables `inRow` may change: announced with the change's own. */
  tables: ReadonlyArray<TableName>;
  /** In each row's transaction, once its rows are written and audited. */
  inRow(client: pg.PoolClient, rows: ReadonlyArray<RowWritten>): Promise<void>;
  /** Once the request's rows are done (committed, or as many as were): never throws, the rows stay in. */
  afterRows(): Promise<void>;
}
