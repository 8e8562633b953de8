// The list half of /api/<resource>: GET, or POST with a DataTables body. Parses either dialect, runs the
// query and answers in the same dialect; a refused request gets a 400 with the reason in sError/error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../../common/messages.ts';
import type { ResourceDef } from '../../../common/resources/types.ts';
import { detectDialect, parseGridRequest, readEcho } from '../../grid/grid-request.ts';
import { listRows } from '../../grid/list.ts';
import { listError, listResponse } from '../../grid/list-response.ts';
import type { Params } from '../../grid/params.ts';
import { GridRequestError } from '../../grid/request-error.ts';

export async function answerList(app: FastifyInstance, def: ResourceDef, req: FastifyRequest, reply: FastifyReply, params: Params) {
  const dialect = detectDialect(params);
  const echo = readEcho(params, dialect);
  try {
    const request = parseGridRequest(def, params);
    const result = await listRows(app.db.pool, def, request, req.user!);
    reply.header('Cache-Control', 'no-store');
    return listResponse(request, result);
  } catch (err) {
    if (err instanceof GridRequestError) {
      req.log.info({ resource: def.name, reason: err.message }, 'list request refused');
      return reply.code(400).send(listError(dialect, echo, err.message));
    }
    req.log.error({ err, resource: def.name }, 'list request failed');
    return reply.code(500).send(listError(dialect, echo, msg('serverError')));
  }
}
