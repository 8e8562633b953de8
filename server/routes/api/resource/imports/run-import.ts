// An import run in the background, after its answer (202): the file's rows through the engine, its refused
// rows written down, its progress kept here and in its database row, and its user told in the inbox when it
// has finished (the table and the counts) or failed. Nothing it meets ends the process: a failure is the
// import's, recorded and told.
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../../../common/roles.ts';
import { titleOf } from '../../../../../common/resources/words.ts';
import { applyRows, recordProgress, type ImportMode } from '../../../../imports/engine/index.ts';
import { ImportFileError } from '../../../../imports/index.ts';
import { raiseItems } from '../../../../inbox/system/raise.ts';
import { isDatabaseUnavailable } from '../../../../db/unavailable.ts';
import { msg } from '../../../../messages.ts';
import type { ResourceDef } from '../../../../resources/resource-def.ts';
import { mappedRows, RefusedRowsFile } from './file-rows.ts';
import type { Upload } from './uploads.ts';
import { rm } from 'node:fs/promises';

/** How often a running import's progress is written to its row (other instances read it there). */
const PROGRESS_EVERY_MS = 1000;

export interface RunRequest {
  mapping: ReadonlyArray<string | null>;
  mode: ImportMode;
  validOnly: boolean;
}

export async function runImport(app: FastifyInstance, def: ResourceDef, user: CurrentUser, upload: Upload, run: RunRequest): Promise<void> {
  const pool = app.db.pool;
  const refused = new RefusedRowsFile(upload);
  let refusedRows = 0;
  let written = 0;
  // An all-or-nothing import on the embedded database holds its one connection: its progress stays here.
  const recordsProgress = run.validOnly || app.db.kind === 'postgres';
  const title = titleOf(def);
  try {
    const result = await applyRows(app, {
      def,
      user,
      rows: mappedRows(upload, run.mapping, app.config.limits.imports),
      mode: run.mode,
      validOnly: run.validOnly,
      write: true,
      fileName: upload.fileName,
      batchSize: app.config.limits.imports.batchRows,
      importId: upload.id,
      onRow: async (outcome) => {
        if (outcome.result !== 'refused') return;
        refusedRows++;
        await refused.add(outcome);
      },
      onProgress: (done) => {
        upload.running = { done, total: upload.running?.total ?? null };
        if (recordsProgress && Date.now() - written >= PROGRESS_EVERY_MS) {
          written = Date.now();
          recordProgress(pool, upload.id, done).catch(() => undefined);
        }
      },
    });
    const { Add, Change, Unchanged, Refused } = result.counts;
    await raiseItems(app, [
      {
        userId: user.ID,
        kind: 'notification',
        severity: result.written ? (Refused ? 'warning' : 'success') : 'error',
        title: msg('importDoneTitle', title),
        body: result.written
          ? msg('importDoneBody', upload.fileName, Add, Change, Unchanged, Refused)
          : msg('importNotDoneBody', upload.fileName, Refused),
      },
    ]).catch((err: unknown) => app.log.error({ err }, 'import: its user could not be told'));
  } catch (err) {
    const known = err instanceof ImportFileError || isDatabaseUnavailable(err);
    if (!known) app.log.error({ err, importId: upload.id }, 'import failed');
    const reason =
      err instanceof ImportFileError
        ? err.message
        : msg('importFailed', msg(isDatabaseUnavailable(err) ? 'databaseUnavailable' : 'importFailedUnknown'));
    upload.failure = reason;
    await raiseItems(app, [
      { userId: user.ID, kind: 'alert', severity: 'error', title: msg('importFailedTitle', title), body: `${upload.fileName}: ${reason}` },
    ]).catch(() => undefined);
  } finally {
    await refused.close().catch(() => undefined);
    if (upload.refusedPath) await rm(upload.refusedPath, { force: true });
    upload.refusedPath = refusedRows ? refused.path : null;
    if (!refusedRows) await rm(refused.path, { force: true });
    upload.running = null;
  }
}
