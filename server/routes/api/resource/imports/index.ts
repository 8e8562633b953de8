// The import routes of every table whose definition takes imports (docs/api.md, "Imports"), under its table
// API's path, for who may add or edit there (CSRF as every write):
//   GET  /api/<name>/import/example.csv         the headers the import matches and one example row
//   POST /api/<name>/imports                    upload (multipart `file`): 201 { Id, Headers, Mapping, Fields }
//   POST /api/<name>/imports/<id>/preview       { Mapping, Mode }: counts, refused rows, changes; nothing written
//   POST /api/<name>/imports/<id>/run           { Mapping, Mode, ValidOnly }: 202 { Id }, runs in the background
//   GET  /api/<name>/imports/<id>               its state and progress
//   GET  /api/<name>/imports/<id>/refused.csv   the refused rows as the file had them, with Line and Messages
//   GET  /api/<name>/imports/<id>/refused.xlsx  the same as a workbook
// An upload is kept on the instance it reached (uploads.ts); its state is in the database for any instance.
// Refusals answer { Error } with the reason.
import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { allows } from '../../../../../common/roles.ts';
import { titleOf } from '../../../../../common/resources/words.ts';
import {
  applyRows,
  createImport,
  importFields,
  importModes,
  mappingProblem,
  matchHeader,
  readImport,
  startImport,
  type FieldChangeText,
  type ImportMode,
} from '../../../../imports/engine/index.ts';
import { ImportFileError, readImportFile, saveUpload } from '../../../../imports/index.ts';
import { msg } from '../../../../messages.ts';
import type { ResourceDef } from '../../../../resources/resource-def.ts';
import { XLSX_CONTENT_TYPE } from '../../../../table-api/export/xlsx-export.ts';
import { exampleCsv } from './example-file.ts';
import { mappedRows, RefusedRowsFile } from './file-rows.ts';
import { refusedWorkbook } from './refused-xlsx.ts';
import { runImport } from './run-import.ts';
import { Uploads, type Upload } from './uploads.ts';

/** Refused rows and changes a preview lists (it counts them all). */
const LISTED = 100;
/** An upload may take its time over a slow line. */
const UPLOAD_BODY_MS = 15 * 60_000;

const idParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } }, required: ['id'] } as const;
const mappingSchema = { type: 'array', maxItems: 1000, items: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] } } as const;
const previewBody = {
  type: 'object',
  properties: { Mapping: mappingSchema, Mode: { type: 'string' } },
  required: ['Mapping', 'Mode'],
} as const;
const runBody = {
  type: 'object',
  properties: { Mapping: mappingSchema, Mode: { type: 'string' }, ValidOnly: { type: 'boolean' } },
  required: ['Mapping', 'Mode'],
} as const;

interface ChoiceBody {
  Mapping: Array<string | null>;
  Mode: string;
  ValidOnly?: boolean;
}

class ImportRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export default async function importRoutes(app: FastifyInstance): Promise<void> {
  const limits = app.config.limits.imports;
  await app.register(multipart, { limits: { fileSize: limits.maxBytes, files: 1, fields: 5 } });
  const uploads = new Uploads();
  app.addHook('onClose', () => uploads.dropAll());

  for (const def of app.resources.filter((r) => r.import)) {
    const path = `/api/${def.name}`;
    const access = (_req: unknown, user: Parameters<typeof allows>[0]) => allows(user, def.access.add) || allows(user, def.access.edit);
    const config = { access };

    /** The user's upload named by the URL, or a refusal. */
    const uploadOf = (req: { params: unknown; signedInUser(): { ID: number } }): Upload => {
      const id = Number((req.params as { id: string }).id);
      const upload = uploads.find(id, def.name, req.signedInUser().ID);
      if (!upload) throw new ImportRefusal(404, msg('importGone'));
      return upload;
    };

    app.get(`${path}/import/example.csv`, { config }, async (req, reply) => {
      const body = await exampleCsv(app.db.pool, def, req.signedInUser(), app.resources);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${def.name}-example.csv"`)
        .send(body);
    });

    app.post(`${path}/imports`, { config: { ...config, bodyTimeoutMs: UPLOAD_BODY_MS } }, async (req, reply) => {
      const user = req.signedInUser();
      return answer(reply, async () => {
        // A body that is not well-formed multipart (a broken boundary, a stray byte) is no file: a 400, not a 5xx.
        const part = req.isMultipart() ? await req.file().catch(() => undefined) : undefined;
        if (!part) throw new ImportRefusal(400, msg('importNotTable'));
        const file = await saveUpload(part.file, limits.maxBytes);
        try {
          const table = await readImportFile(file.path, limits);
          await table.close();
          const mapping = matchHeader(def, table.header);
          if (mapping.every((m) => m === null)) throw new ImportRefusal(400, msg('importNoColumnMatched', titleOf(def)));
          const fileName = (part.filename || 'file').slice(0, 255);
          const id = await createImport(app.db.pool, def, user, fileName, 'previewing');
          uploads.keep({
            id,
            resource: def.name,
            userId: user.ID,
            fileName,
            file,
            format: table.format,
            header: table.header,
            refusedPath: null,
            running: null,
            failure: null,
            timer: null,
          });
          const fields = importFields(def).map((f) => ({ Name: f.name, Label: f.label, Required: f.required }));
          return reply.code(201).send({ Id: id, Headers: table.header, Mapping: mapping, Fields: fields });
        } catch (err) {
          await file.remove();
          throw err;
        }
      });
    });

    app.post(`${path}/imports/:id/preview`, { config, schema: { params: idParams, body: previewBody } }, async (req, reply) =>
      answer(reply, async () => {
        const upload = uploadOf(req);
        if (upload.running) throw new ImportRefusal(409, msg('importBusy'));
        const { mapping, mode } = readChoice(def, upload, req.body as ChoiceBody);
        const refused: Array<{ Line: number; Messages: string[] }> = [];
        const changes: Array<{ Line: number; Row: string; Fields: FieldChangeText[] }> = [];
        const file = new RefusedRowsFile(upload);
        let refusedRows = 0;
        let result: Awaited<ReturnType<typeof applyRows>>;
        try {
          result = await applyRows(app, {
            def,
            user: req.signedInUser(),
            rows: mappedRows(upload, mapping, limits),
            mode,
            write: false,
            fileName: upload.fileName,
            batchSize: app.config.limits.imports.batchRows,
            onRow: async (o) => {
              if (o.result === 'refused') {
                refusedRows++;
                await file.add(o);
                if (refused.length < LISTED) refused.push({ Line: o.row.line, Messages: o.messages });
              } else if (o.result === 'change' && changes.length < LISTED)
                changes.push({ Line: o.row.line, Row: o.label, Fields: o.changes });
            },
          });
        } finally {
          await file.close();
        }
        await swapRefused(upload, refusedRows ? file.path : null, file.path);
        await app.db.pool.query(`update imports set total = $2, counts = $3::jsonb where import_id = $1`, [
          upload.id,
          result.total,
          JSON.stringify(result.counts),
        ]);
        return { Counts: result.counts, Refused: refused, Changes: changes, Total: result.total };
      }),
    );

    app.post(`${path}/imports/:id/run`, { config, schema: { params: idParams, body: runBody } }, async (req, reply) =>
      answer(reply, async () => {
        const user = req.signedInUser();
        const upload = uploadOf(req);
        if (upload.running) throw new ImportRefusal(409, msg('importBusy'));
        const body = req.body as ChoiceBody;
        const { mapping, mode } = readChoice(def, upload, body);
        if (uploads.running() >= limits.atOnce) throw new ImportRefusal(429, msg('importTooManyOnInstance', limits.atOnce));
        const tooMany = () => new ImportRefusal(429, msg('importTooManyForUser', limits.perUser));
        if (uploads.running(user.ID) >= limits.perUser) throw tooMany();
        // The user's imports running on other instances (their rows say so, while their progress is recorded
        // within the last minutes), this one aside. The embedded database serves one instance: this one.
        const { rows } =
          app.db.kind === 'postgres'
            ? await app.db.pool.query<{ n: number }>(
                `select count(*)::int as n from imports
                 where user_id = $1 and state = 'running' and import_id <> $2 and touched_at > now() - interval '5 minutes'`,
                [user.ID, upload.id],
              )
            : { rows: [{ n: 0 }] };
        if (rows[0]!.n + uploads.running(user.ID) >= limits.perUser) throw tooMany();
        if (upload.running) throw new ImportRefusal(409, msg('importBusy'));
        const record = await readImport(app.db.pool, upload.id);
        upload.running = { done: 0, total: record?.total ?? null };
        upload.failure = null;
        try {
          await startImport(app.db.pool, upload.id, mode, body.ValidOnly === true, record?.total ?? null);
        } catch (err) {
          upload.running = null;
          throw err;
        }
        void runImport(app, def, user, upload, { mapping, mode, validOnly: body.ValidOnly === true });
        return reply.code(202).send({ Id: upload.id });
      }),
    );

    app.get(`${path}/imports/:id`, { config, schema: { params: idParams } }, async (req, reply) =>
      answer(reply, async () => {
        const id = Number((req.params as { id: string }).id);
        const user = req.signedInUser();
        // Running here: told from memory (an all-or-nothing import on the embedded database holds its connection).
        const upload = uploads.find(id, def.name, user.ID);
        const here = upload?.running;
        if (here) return { State: 'running', Done: here.done, Total: here.total, Counts: null, Error: null };
        const record = await readImport(app.db.pool, id);
        if (!record || record.resource !== def.name || record.userId !== user.ID) throw new ImportRefusal(404, msg('importGone'));
        // Its run ended here, but the database failing could not be told so.
        if (record.state === 'running' && upload?.failure)
          return { State: 'failed', Done: record.done, Total: record.total, Counts: null, Error: upload.failure };
        return { State: record.state, Done: record.done, Total: record.total, Counts: record.counts, Error: record.error };
      }),
    );

    for (const format of ['csv', 'xlsx'] as const) {
      app.get(`${path}/imports/:id/refused.${format}`, { config, schema: { params: idParams } }, async (req, reply) =>
        answer(reply, async () => {
          const upload = uploadOf(req);
          if (!upload.refusedPath) throw new ImportRefusal(404, msg('importNoRefusedRows'));
          const name = `${def.name}-refused.${format}`;
          reply.header('Content-Disposition', `attachment; filename="${name}"`);
          if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(createReadStream(upload.refusedPath));
          return reply.header('Content-Type', XLSX_CONTENT_TYPE).send(await refusedWorkbook(upload.refusedPath, titleOf(def), limits));
        }),
      );
    }
  }
}

/** The mapping and mode asked for, or a refusal saying what is wrong with them. */
function readChoice(def: ResourceDef, upload: Upload, body: ChoiceBody): { mapping: Array<string | null>; mode: ImportMode } {
  if (!(importModes as ReadonlyArray<string>).includes(body.Mode)) throw new ImportRefusal(400, msg('importMode'));
  // A column left out may come as null or as "" (the body's schema coerces null to text).
  const mapping = body.Mapping.map((m) => (m === '' ? null : m));
  const problem = mappingProblem(def, upload.header, mapping);
  if (problem) {
    const [kind, name = ''] = problem.split(':');
    const why =
      kind === 'unknown'
        ? msg('importMappingUnknown', name)
        : kind === 'twice'
          ? msg('importMappingTwice', importFields(def).find((f) => f.name === name)?.label ?? name)
          : msg(kind === 'length' ? 'importMappingLength' : 'importMappingNone');
    throw new ImportRefusal(400, msg('importBadMapping', why));
  }
  return { mapping, mode: body.Mode as ImportMode };
}

/** The upload's refused rows file becomes `kept` (null: none), the one before it and an unkept `made` removed. */
async function swapRefused(upload: Upload, kept: string | null, made: string): Promise<void> {
  if (upload.refusedPath && upload.refusedPath !== kept) await rm(upload.refusedPath, { force: true });
  if (!kept) await rm(made, { force: true });
  upload.refusedPath = kept;
}

/** Runs a handler, answering a refusal (ours, or a file's) with its status and { Error }. */
async function answer<T>(reply: FastifyReply, handler: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await handler();
  } catch (err) {
    if (err instanceof ImportRefusal) return reply.code(err.status).send({ Error: err.message });
    if (err instanceof ImportFileError) return reply.code(err.statusCode).send({ Error: err.message });
    throw err;
  }
}
