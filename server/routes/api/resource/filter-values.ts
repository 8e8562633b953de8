// GET /api/<resource>/filter-values?column=<name>: the values a choice column's filter offers, where they come
// from another table (server/table-api/list/filter-values.ts), as { values }. For whoever may list the resource.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { FromSchema } from 'json-schema-to-ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { filterValues } from '../../../table-api/list/filter-values.ts';
import { TableRequestError, quoteName } from '../../../table-api/request/request-error.ts';
import { errorAnswers } from '../error-answer.ts';

/** The resource's columns whose filter values come from another table. */
export const choicesFromColumns = (def: ResourceDef) => def.columns.filter((c) => c.choicesFrom);

export const filterValuesQuerySchema = {
  type: 'object',
  required: ['column'],
  properties: { column: { type: 'string' } },
} as const;

export type FilterValuesQuery = FromSchema<typeof filterValuesQuerySchema>;

export const filterValuesAnswers = {
  ...errorAnswers,
  200: { type: 'object', required: ['values'], properties: { values: { type: 'array', items: { type: 'string' } } } },
} as const;

export async function answerFilterValues(
  pool: pg.Pool,
  def: ResourceDef,
  req: FastifyRequest<{ Querystring: FilterValuesQuery }>,
  reply: FastifyReply,
) {
  const name = req.validationError ? '' : req.query.column;
  const column = choicesFromColumns(def).find((c) => c.name === name);
  if (!column) return reply.code(400).send({ error: new TableRequestError('tableNoFilterValues', quoteName(String(name))).message });
  return { values: await filterValues(pool, column, req.signedInUser(), req.server.resources) };
}
