// GET /api/<resource>/export: the list's own parameters (filter, sort, visible columns), every row, as a
// CSV download (format=csv, the default) or an Excel workbook (format=xlsx). Refusals come before the
// first byte, as a 400 with the reason.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../../common/resources/types.ts';
import { exportCsv } from '../../grid/export-csv.ts';
import { exportXlsx, XLSX_CONTENT_TYPE } from '../../grid/export-xlsx.ts';
import { parseGridRequest } from '../../grid/grid-request.ts';
import { one, toParams } from '../../grid/params.ts';
import { GridRequestError } from '../../grid/request-error.ts';

const formats = ['csv', 'xlsx'] as const;

export async function answerExport(app: FastifyInstance, def: ResourceDef, req: FastifyRequest, reply: FastifyReply) {
  try {
    const params = toParams(req.query);
    const format = (one(params, 'format') ?? 'csv').toLowerCase();
    if (!formats.includes(format as (typeof formats)[number])) throw new GridRequestError('gridExportFormat');
    const request = parseGridRequest(def, params);
    reply.header('Cache-Control', 'no-store');
    if (format === 'xlsx') {
      const workbook = await exportXlsx(app.db, def, request, req.user!);
      return reply.header('Content-Type', XLSX_CONTENT_TYPE).header('Content-Disposition', `attachment; filename="${def.name}.xlsx"`).send(workbook);
    }
    return reply
      .header('Content-Type', 'text/csv; charset=utf-16le')
      .header('Content-Disposition', `attachment; filename="${def.name}.csv"`)
      .send(exportCsv(app.db, def, request, req.user!));
  } catch (err) {
    if (!(err instanceof GridRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
}
