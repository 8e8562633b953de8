// An import's own row (imports: migration 024): who imports what file into which table, its state from
// preview to end, its progress and counts, read by whoever asks on any instance. Its end is one audit entry
// (action 'import': the file, the counts, who), from which the rows it changed are found (audit_log.import_id).
import type pg from 'pg';
import { UNFLUSHED } from '../../db/unflushed.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { ImportCounts, ImportMode } from './types.ts';

export type ImportState = 'previewing' | 'running' | 'done' | 'failed';

export interface ImportRecord {
  id: number;
  resource: string;
  userId: number | null;
  fileName: string;
  state: ImportState;
  done: number;
  total: number | null;
  counts: ImportCounts | null;
  error: string | null;
}

type Db = Pick<pg.Pool, 'query'>;

/**
 * The import's row. `flushedWithNext`: the caller always commits another write synchronously after it (its
 * rows, or its end), which makes this one durable too (db/unflushed.ts).
 */
export async function createImport(
  db: Db,
  def: ResourceDef,
  user: CurrentUser,
  fileName: string,
  state: ImportState,
  flushedWithNext = false,
): Promise<number> {
  const insert = importInsert(def, user, fileName, state, flushedWithNext ? 'unflushed' : null, 1);
  const { rows } = await db.query<{ id: string }>(`${flushedWithNext ? `with ${UNFLUSHED} ` : ''}${insert.sql}`, insert.params);
  return Number(rows[0]!.id);
}

/**
 * The statement that makes an import's row, one row for each row of `from` (a table or common table
 * expression of the caller's statement; null: one), its parameters numbered from `first` on. It returns the
 * import's id as `id`.
 */
export function importInsert(
  def: ResourceDef,
  user: CurrentUser,
  fileName: string,
  state: ImportState,
  from: string | null,
  first: number,
): { sql: string; params: unknown[] } {
  const [a, b, c, d, e] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return {
    sql: `insert into imports (resource, user_id, user_name, file_name, state)
     select ${a}, ${b}, ${c}, ${d}, ${e}${from ? ` from ${from}` : ''} returning import_id as id`,
    params: [def.name, user.ID, user.UserName, fileName.slice(0, 255), state],
  };
}

export async function readImport(db: Db, id: number): Promise<ImportRecord | null> {
  const { rows } = await db.query<{
    id: string;
    resource: string;
    user_id: number | null;
    file_name: string;
    state: ImportState;
    done: number;
    total: number | null;
    counts: ImportCounts | null;
    error: string | null;
  }>(`select import_id as id, resource, user_id, file_name, state, done, total, counts, error from imports where import_id = $1::int8`, [
    id,
  ]);
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        resource: r.resource,
        userId: r.user_id,
        fileName: r.file_name,
        state: r.state,
        done: r.done,
        total: r.total,
        counts: r.counts,
        error: r.error,
      }
    : null;
}

/**
 * Marks the import as running (again, after a failure or a run that wrote nothing). Its file is on one
 * instance only, which alone runs it: that instance keeps two runs from starting at once.
 */
export async function startImport(db: Db, id: number, mode: ImportMode, validOnly: boolean, total: number | null): Promise<void> {
  await db.query(
    `update imports set state = 'running', mode = $2, valid_only = $3, total = $4, done = 0, error = null, counts = null, finished_at = null, touched_at = now()
     where import_id = $1`,
    [id, mode, validOnly, total],
  );
}

export async function recordProgress(db: Db, id: number, done: number): Promise<void> {
  await db.query(`update imports set done = $2, touched_at = now() where import_id = $1 and state = 'running'`, [id, done]);
}

/** The import's end: its state, counts or error; and its one audit entry. */
export async function finishImport(
  db: Db,
  id: number,
  def: ResourceDef,
  user: CurrentUser,
  end: {
    state: 'done' | 'failed';
    counts: ImportCounts;
    done: number;
    written: boolean;
    error: string | null;
    mode: ImportMode;
    fileName: string;
  },
): Promise<void> {
  await db.query(
    `with finished as (
       update imports set state = $2, counts = $3::jsonb, done = $4, error = $5, finished_at = now() where import_id = $1)
     insert into audit_log (user_id, user_name, resource, action, row_key, before, after, import_id)
     values ($6, $7, $8, 'import', $1::text, null, $9::jsonb, $1)`,
    [
      id,
      end.state,
      JSON.stringify(end.counts),
      end.done,
      end.error,
      user.ID,
      user.UserName,
      def.name,
      JSON.stringify({
        File: end.fileName,
        Mode: end.mode,
        Written: end.written,
        ...end.counts,
        ...(end.error ? { Error: end.error } : {}),
      }),
    ],
  );
}
