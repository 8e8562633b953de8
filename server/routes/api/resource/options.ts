// GET /api/<resource>/options?field=<name>[&search=<text>]: the choices of one of the resource's select
// fields for the signed-in user's insert or edit dialog (server/table-api/change/choices.ts), { options, more }. Open to
// whoever may add or edit through that field, whether or not they may list the resource the choices come from.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { msg } from '../../../../common/messages.ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { listChoices } from '../../../table-api/change/choices.ts';
import { searchText } from '../../../table-api/request/table-request.ts';
import { one, toParams } from '../../../table-api/request/params.ts';
import { TableRequestError, quoteName } from '../../../table-api/request/request-error.ts';
import { sendError } from '../../../plugins/errors.ts';

export async function answerChoices(
  pool: pg.Pool,
  def: ResourceDef,
  req: FastifyRequest,
  reply: FastifyReply,
  mayUse: (action: 'add' | 'edit') => boolean,
) {
  try {
    const params = toParams(req.query);
    const name = one(params, 'field') ?? '';
    const field = def.fields.find((f) => f.name === name && f.options);
    if (!field) throw new TableRequestError('tableNoChoices', quoteName(name));
    if (!(field.on ?? ['add', 'edit']).some(mayUse)) return sendError(req, reply, 403, msg('forbidden'));
    const search = searchText(params, 'search');
    reply.header('Cache-Control', 'no-store');
    return await listChoices(pool, field.options!, req.user!, search);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
}
