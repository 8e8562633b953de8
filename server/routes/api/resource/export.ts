// GET /api/<resource>/export: the list's own parameters (filter, sort, visible columns), every row, as a
// CSV download (format=csv, the default) or an Excel workbook (format=xlsx). Refusals come before the
// first byte, as a 400 with the reason, or a 429 when the instance's exports are all under way. A client
// that stops taking the download for exportLimits.stallMs is disconnected (export-stall.ts), which ends its
// export. HEAD answers the download's headers without running it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../../../common/messages.ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { exportCsv } from '../../../table-api/export/csv-export.ts';
import { claimExportSlot, exportLimits } from '../../../table-api/export/slots.ts';
import { dropWhenStalled } from '../../../table-api/export/stall.ts';
import { exportXlsx, XLSX_CONTENT_TYPE } from '../../../table-api/export/xlsx-export.ts';
import { parseTableRequest, type TableRequest } from '../../../table-api/request/table-request.ts';
import { one, toParams } from '../../../table-api/request/params.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';

const formats = ['csv', 'xlsx'] as const;

type Format = (typeof formats)[number];

/** The format asked for and the list request, or why they are refused. */
function readExport(def: ResourceDef, req: FastifyRequest): { format: Format; request: TableRequest } {
  const params = toParams(req.query);
  const format = (one(params, 'format') ?? 'csv').toLowerCase();
  if (!formats.includes(format as Format)) throw new TableRequestError('tableExportFormat');
  return { format: format as Format, request: parseTableRequest(def, params) };
}

function downloadHeaders(def: ResourceDef, reply: FastifyReply, format: Format): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Type', format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-16le')
    .header('Content-Disposition', `attachment; filename="${def.name}.${format}"`);
}

export async function answerExport(app: FastifyInstance, def: ResourceDef, req: FastifyRequest, reply: FastifyReply) {
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
  const release = claimExportSlot(app.db);
  if (!release) return reply.code(429).send({ error: msg('tableExportBusy', exportLimits.concurrent) });
  // Ended, failed or abandoned, the response closes: the slot is free again.
  reply.raw.once('close', release);
  dropWhenStalled(reply.raw, exportLimits.stallMs);
  try {
    const { format, request } = read;
    const body = format === 'xlsx' ? await exportXlsx(app.db, def, request, req.user!) : exportCsv(app.db, def, request, req.user!);
    return downloadHeaders(def, reply, format).send(body);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
}
