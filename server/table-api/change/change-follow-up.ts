// What the app does beyond a resource's own tables when its rows are written (a sale's day no longer
// missing). The resource's definition declares it (its SQL half's `followUp`), and each write makes one for
// itself: a table API change (row-transactions.ts), an import or the feed (imports/engine/). In three steps:
// the rows written are noted as they are stored; the follow-up's own changes go in a transaction that sees
// them, so they commit or roll back with it (the row's own, or one after the rows have committed); and once
// the write's rows are done, what must wait for their commit. What follows from which rows is the
// resource's to know, not the writers'.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { TableName } from '../../db/table-changes.ts';
import type { Row } from '../../resources/resource-def.ts';

/**
 * A row a write stored, by its columns' names: as it stood before (null: added, or put back by an undo) and
 * as written (null: deleted). The table API's is the row as stored; an import's, the values it sent over
 * the row before.
 */
export interface RowValues {
  before: Row | null;
  row: Row | null;
}

/** A row a table API change wrote: its key, and its values before and after. */
export interface RowWritten extends RowValues {
  key: number;
}

export interface ChangeFollowUp {
  /** The tables `inTransaction` may change: announced with the write's own. */
  readonly tables: ReadonlyArray<TableName>;
  /** Rows the write has just stored: the follow-up keeps what it needs of them for `inTransaction`. */
  note(rows: ReadonlyArray<RowValues>): void;
  /**
   * Its own changes for the rows noted since it was last asked, on a transaction that sees them; nothing
   * noted, or nothing that concerns it: no statement.
   */
  inTransaction(client: pg.PoolClient): Promise<void>;
  /** Once the write's rows are done (committed, or as many as were): never throws, the rows stay in. */
  afterRows(): Promise<void>;
}

/** A resource's follow-up as its definition declares it: made by the app afresh for each write. */
/**
 * Makes a write's follow-up: `pool` is where what waits for the write's commit reads (the feed's own pool for
 * the feed's writes: server/db/index.ts), the app's by default.
 */
export type FollowUpOfWrites = (app: FastifyInstance, pool?: pg.Pool) => ChangeFollowUp;
