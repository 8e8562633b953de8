// GET /api/<resource>/export: the list's own parameters (filter, sort, visible columns), every row, as a
// CSV download. Refusals come before the first byte, as a 400 with the reason.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../../common/resources/types.ts';
import { exportCsv } from '../../grid/export-csv.ts';
import { parseGridRequest } from '../../grid/grid-request.ts';
import { one, toParams } from '../../grid/params.ts';
import { GridRequestError } from '../../grid/request-error.ts';

export async function answerExport(app: FastifyInstance, def: ResourceDef, req: FastifyRequest, reply: FastifyReply) {
  let request;
  try {
    const params = toParams(req.query);
    if ((one(params, 'format') ?? 'csv').toLowerCase() !== 'csv') throw new GridRequestError('gridExportFormat');
    request = parseGridRequest(def, params);
  } catch (err) {
    if (!(err instanceof GridRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
  return reply
    .header('Content-Type', 'text/csv; charset=utf-16le')
    .header('Content-Disposition', `attachment; filename="${def.name}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(exportCsv(app.db, def, request, req.user!));
}
