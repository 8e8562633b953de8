// GET /api/<resource>/export: the list's own parameters (filter, sort, visible columns), every row, as a
// CSV download (format=csv, the default) or an Excel workbook (format=xlsx). Refusals come before the
// first byte, as a 400 with the reason, or a 429 when the instance's exports, or the user's, are all under
// way. A client that stops taking the download for its stall limit (config.limits.exports.stallMs) is disconnected (stall.ts),
// which ends its export. HEAD answers the download's headers without running it. Its user hears when a
// long one is done, or when one failed midway (server/inbox/system/export-notices.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { exportCsv } from '../../../table-api/export/csv-export.ts';
import { claimExportSlot } from '../../../table-api/export/slots.ts';
import { dropWhenStalled } from '../../../table-api/export/stall.ts';
import { exportXlsx, XLSX_CONTENT_TYPE } from '../../../table-api/export/xlsx-export.ts';
import { watchDownload } from '../../../inbox/system/export-notices.ts';
import { parseTableRequest, type TableRequest } from '../../../table-api/request/table-request.ts';
import { toParams } from '../../../table-api/request/params.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';
import { titleOf } from '../../../../common/resources/words.ts';

const formats = ['csv', 'xlsx'] as const;

type Format = (typeof formats)[number];

/**
 * The export's own parameter. The route has Fastify attach a refusal to the request rather than send it
 * (attachValidation): the handler answers it, after the access checks and in the table API's words.
 */
export const exportQuerySchema = {
  type: 'object',
  properties: { format: { type: 'string', enum: formats, default: 'csv' } },
  required: ['format'],
} as const;

/** The query beside the list's own parameters, as its schema admits it (its default fills in the format). */
export type ExportQuery = FromSchema<typeof exportQuerySchema>;

type ExportRequest = FastifyRequest<{ Querystring: ExportQuery }>;

/** The format asked for and the list request, or why they are refused. */
function readExport(def: ResourceDef, req: ExportRequest): { format: Format; request: TableRequest } {
  if (req.validationError) throw new TableRequestError('tableExportFormat');
  return { format: req.query.format, request: parseTableRequest(def, toParams(req.query)) };
}

function downloadHeaders(def: ResourceDef, reply: FastifyReply, format: Format): FastifyReply {
  return reply
    .header('Content-Type', format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-16le')
    .header('Content-Disposition', `attachment; filename="${def.name}.${format}"`);
}

export async function answerExport(app: FastifyInstance, def: ResourceDef, req: ExportRequest, reply: FastifyReply) {
  let read: ReturnType<typeof readExport>;
  try {
    read = readExport(def, req);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
  if (req.method === 'HEAD') return downloadHeaders(def, reply, read.format).send();
  // A client that left while its session was looked up has closed the response already: it would never
  // close again to give the slot back. It gets nothing, and takes no slot.
  if (reply.raw.destroyed || req.raw.socket?.destroyed) return reply.code(204).send();
  const slot = claimExportSlot(app.db, req.signedInUser().ID, app.config.limits.exports);
  if ('refusal' in slot) return reply.code(429).send({ error: slot.refusal });
  // The slot is given back once the response has closed (ended, failed or abandoned) and the download's
  // stream has closed too, which it does only when the database work it started has ended.
  const responseClosed = new Promise((resolve) => reply.raw.once('close', resolve));
  let bodyClosed: Promise<unknown> = Promise.resolve();
  dropWhenStalled(reply.raw, app.config.limits.exports.stallMs);
  try {
    const { format, request } = read;
    const user = req.signedInUser();
    const of = { def, req: request, user, served: app.resources };
    const body =
      format === 'xlsx' ? await exportXlsx(app.db.reads(req), of, app.config.limits) : exportCsv(app.db.reads(req), of, app.config.limits);
    bodyClosed = new Promise((resolve) => body.once('close', resolve));
    watchDownload(app, user, { title: titleOf(def), format: format === 'xlsx' ? 'Excel' : 'CSV' }, body, reply.raw);
    return downloadHeaders(def, reply, format).send(body);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  } finally {
    void Promise.all([responseClosed, bodyClosed]).then(slot.release);
  }
}
