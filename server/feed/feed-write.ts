// Writes a feed request's rows through the import engine (server/imports/engine/): each added or updated by
// its table's key, with the one rule set, the token's store scope, version checks and the tables' change
// announcements of an import, the valid rows written and the refused ones reported. The answer is the table
// API's { Succeed, Failed, Data, Error }: the keys of the rows added, changed or found unchanged, each refused
// row with its place in the request (`Row`) and its messages, and the rows as stored; with the counts.
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef, Row } from '../resources/resource-def.ts';
import type pg from 'pg';
import { applyRows, type ImportCounts, type RowOutcome } from '../imports/engine/index.ts';
import { reachableRows } from '../table-api/query/reachable-row.ts';
import type { FeedRow } from './feed-rows.ts';

/** The file an import of the feed's rows names. */
export const FEED_FILE_NAME = 'feed';

/** One row refused: its place in the request (`Row`: array position, or CSV line), its key when it named a stored row, and why. */
export interface FeedFailure {
  Row: number;
  key: number | null;
  error: string;
  fields?: Record<string, string>;
}

export interface FeedAnswer {
  Succeed: number[];
  Failed: FeedFailure[];
  Data: Row[];
  Error: string | null;
  Counts: { Added: number; Changed: number; Unchanged: number; Refused: number };
}

/**
 * Writes the rows; the answer. `keep` is given the answer in the transaction that ends the import (its record
 * and audit entry), so that it is kept (for an Idempotency-Key) in the same commit. `importId`: the import's
 * row, when the caller made it (with its key's claim); else it is made here.
 */
export async function writeFeedRows(
  app: FastifyInstance,
  def: ResourceDef,
  user: CurrentUser,
  rows: ReadonlyArray<FeedRow>,
  keep?: (client: pg.PoolClient, answer: FeedAnswer) => Promise<void>,
  importId?: number,
): Promise<FeedAnswer> {
  const outcomes: RowOutcome[] = [];
  let answer: FeedAnswer | undefined;
  await applyRows(app, {
    def,
    user,
    rows: (async function* () {
      yield* rows;
    })(),
    mode: 'add-update',
    validOnly: true,
    write: true,
    // The import's audit entry names the feed as its file; its user is the token (api-token.ts).
    fileName: FEED_FILE_NAME,
    ...(importId !== undefined && { importId }),
    // The feed's own connections (db/index.ts): staff pages never wait behind a close of day for theirs.
    pool: app.db.feedPool,
    // A chain's close of day is thousands of these a minute: the staff's figures follow them within FIGURES_LAG_MS.
    soon: true,
    onRow: (outcome) => void outcomes.push(outcome),
    atEnd: async (client, { counts }) => {
      answer = await answerOf(client, app, def, user, outcomes, counts);
      await keep?.(client, answer);
    },
  });
  return answer!;
}

/** The answer: the rows as stored (read in the import's last transaction), the refused ones, the counts. */
async function answerOf(
  client: pg.PoolClient,
  app: FastifyInstance,
  def: ResourceDef,
  user: CurrentUser,
  outcomes: ReadonlyArray<RowOutcome>,
  counts: ImportCounts,
): Promise<FeedAnswer> {
  const succeed = outcomes.flatMap((o) => (o.result !== 'refused' && o.key !== undefined ? [o.key] : []));
  const stored = new Map((await reachableRows(client, def, user, app.resources, 'list', succeed)).map((r) => [r[def.key.name], r]));
  return {
    Succeed: succeed,
    Failed: outcomes.flatMap((o) => (o.result === 'refused' ? [failure(o)] : [])),
    Data: succeed.flatMap((key) => {
      const row = stored.get(key);
      return row ? [row] : [];
    }),
    Error: null,
    Counts: { Added: counts.Add, Changed: counts.Change, Unchanged: counts.Unchanged, Refused: counts.Refused },
  };
}

function failure(o: RowOutcome): FeedFailure {
  return {
    Row: o.row.line,
    key: o.key ?? null,
    error: o.messages.join(' '),
    ...(o.fields && { fields: o.fields }),
  };
}
