// Writes a feed request's rows: each added or updated by its table's key, with the one rule set, the token's
// store scope and the tables' change announcements of an import (the import engine), and answered row by row
// in the table API's shape, each failure naming its row.
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef, Row } from '../resources/resource-def.ts';
import type { FeedRow } from './feed-rows.ts';

/** One row refused: its place in the request (`Row`), its key when it named a stored row, and why. */
export interface FeedFailure {
  Row: number;
  key: number | null;
  error: string;
  fields?: Record<string, string>;
  forbidden?: boolean;
}

/** The table API's { Succeed, Failed, Data, Error }, with counts of what the rows did. */
export interface FeedAnswer {
  Succeed: number[];
  Failed: FeedFailure[];
  Data: Row[];
  Error: string | null;
  Counts: { Added: number; Changed: number; Unchanged: number; Refused: number };
}

export async function writeFeedRows(
  app: FastifyInstance,
  def: ResourceDef,
  user: CurrentUser,
  rows: ReadonlyArray<FeedRow>,
): Promise<FeedAnswer> {
  void app;
  void def;
  void user;
  void rows;
  throw new Error('the import engine is not merged yet');
}
