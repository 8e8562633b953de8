// What every detail page checks before it shows a record: the same access as its table (the definition's
// `list` rule, by the request gate: detailAccess), then the record by key
// within the user's scope. A user
// who may not open the table is refused (403); a key that names no record, or one outside the user's
// stores, is not found (404) alike, so the answer never tells that an unseen store exists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';
import type { Row } from '../resources/resource-def.ts';
import { reachableRow } from '../table-api/query/reachable-row.ts';
import type { DetailOf } from './detail-tables.ts';

/** The route access of a detail page: its table's (checked by the request gate, before the handler). */
export const detailAccess = (of: DetailOf) => of.def.access.list;

/**
 * The record for the signed-in user, or null: a key that names no record, or one outside the user's stores,
 * is not found alike (the route's access has let the user reach the table).
 */
export async function openRecord(req: FastifyRequest, of: DetailOf, key: number): Promise<Row | null> {
  return reachableRow(req.server.db.pool, of.def, req.signedInUser(), req.server.resources, 'list', key);
}

/** A detail page's 404, the same for every table. */
export function recordNotFound(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendError(req, reply, 404, msg('detailNotFound'));
}
