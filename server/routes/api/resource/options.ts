// GET /api/<resource>/options?field=<name>[&search=<text>]: the choices of one of the resource's select
// fields (or of a list of codes, all at once: a user's roles) for the signed-in user's insert or edit dialog
// (server/table-api/change/choices.ts), { options, more }. Open to whoever may add or edit through that
// field, whether or not they may list the resource the choices come from.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { FromSchema } from 'json-schema-to-ts';
import { allows, type CurrentUser } from '../../../../common/roles.ts';
import type { Choices, FormField } from '../../../../common/form-definition.ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { linkChoices, listChoices } from '../../../table-api/change/choices.ts';
import type { LinkList } from '../../../resources/resource-sql.ts';
import { searchText } from '../../../table-api/request/table-request.ts';
import { toParams } from '../../../table-api/request/params.ts';
import { TableRequestError, quoteName } from '../../../table-api/request/request-error.ts';

/** A select field (its choices another resource's rows) or a list of codes (its choices a link list's: linkChoices). */
type ChoiceField = FormField & ({ options: Choices; links?: undefined } | { options?: undefined; links: LinkList });

type ChoicesRequest = FastifyRequest<{ Querystring: ChoicesQuery }>;

/**
 * The route's parameters: a select field of the resource, and a search text, each sent once. The route has
 * Fastify attach a refusal to the request rather than send it (attachValidation): the handler answers it,
 * in the table API's words.
 */
export function choicesQuerySchema(def: ResourceDef) {
  return {
    type: 'object',
    required: ['field'],
    properties: {
      field: { type: 'string', enum: def.fields.filter((f) => choiceField(def, f.name)).map((f) => f.name) },
      search: { type: 'string' },
    },
  } as const;
}

/** The query as its schema admits it. */
export type ChoicesQuery = FromSchema<ReturnType<typeof choicesQuerySchema>>;

/** The select field named, or undefined when the resource has none of that name. */
function choiceField(def: ResourceDef, name: unknown): ChoiceField | undefined {
  const field = def.fields.find((f) => f.name === name);
  if (field?.options) return { ...field, options: field.options };
  const links = def.columns.find((c) => c.name === name && c.links)?.links;
  return field && links ? { ...field, options: undefined, links } : undefined;
}

/**
 * The route's access: whoever may add or edit through the field asked for. A field without choices is
 * let through, to be refused as a bad request whoever asks.
 */
export function mayChoose(def: ResourceDef) {
  return (req: FastifyRequest, user: CurrentUser): boolean => {
    const field = choiceField(def, (req.query as Partial<ChoicesQuery>).field);
    return !field || (field.on ?? ['add', 'edit']).some((action) => allows(user, def.access[action]));
  };
}

/** The field and the search text, or why the query was refused. */
function readChoices(def: ResourceDef, req: ChoicesRequest): { field: ChoiceField; search: string } {
  const field = choiceField(def, req.query.field);
  if (!field) throw new TableRequestError('tableNoChoices', quoteName(String(req.query.field ?? '')));
  // The field passed the schema, so the search failed it, as a query value does only when sent twice.
  if (req.validationError) throw new TableRequestError('tableRepeated', 'search');
  return { field, search: searchText(toParams(req.query), 'search') };
}

export async function answerChoices(pool: pg.Pool, def: ResourceDef, req: ChoicesRequest, reply: FastifyReply) {
  try {
    const { field, search } = readChoices(def, req);
    return await (field.links
      ? linkChoices(pool, field.links)
      : listChoices(pool, field.options, req.signedInUser(), req.server.resources, search));
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return reply.code(400).send({ error: err.message });
  }
}
