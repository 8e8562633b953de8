// GET /api/<resource>/options?field=<name>[&search=<text>]: the choices of one of the resource's select
// fields for the signed-in user's insert or edit dialog (server/table-api/change/choices.ts), { options, more }. Open to
// whoever may add or edit through that field, whether or not they may list the resource the choices come from.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { allows, type CurrentUser } from '../../../../common/roles.ts';
import type { FieldDef, ResourceDef } from '../../../../common/resources/types.ts';
import { listChoices } from '../../../table-api/change/choices.ts';
import { searchText } from '../../../table-api/request/table-request.ts';
import { one, toParams } from '../../../table-api/request/params.ts';
import { TableRequestError, quoteName } from '../../../table-api/request/request-error.ts';

type ChoiceField = FieldDef & Required<Pick<FieldDef, 'options'>>;

/** The select field named, or undefined when the resource has none of that name. */
function choiceField(def: ResourceDef, name: unknown): ChoiceField | undefined {
  return def.fields.find((f): f is ChoiceField => f.name === name && !!f.options);
}

/**
 * The route's access: whoever may add or edit through the field asked for. A field without choices is
 * let through, to be refused as a bad request whoever asks.
 */
export function mayChoose(def: ResourceDef) {
  return (req: FastifyRequest, user: CurrentUser): boolean => {
    const field = choiceField(def, (req.query as { field?: unknown }).field);
    return !field || (field.on ?? ['add', 'edit']).some((action) => allows(user, def.access[action]));
  };
}

export async function answerChoices(pool: pg.Pool, def: ResourceDef, req: FastifyRequest, reply: FastifyReply) {
  try {
    const params = toParams(req.query);
    const name = one(params, 'field') ?? '';
    const field = choiceField(def, name);
    if (!field) throw new TableRequestError('tableNoChoices', quoteName(name));
    const search = searchText(params, 'search');
    reply.header('Cache-Control', 'no-store');
    return await listChoices(pool, field.options, req.user!, search);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
}
