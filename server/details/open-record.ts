// What every detail page checks before it shows a record: the same access as its table (the definition's
// `list` rule and the table screen's menu rule), then the record by key within the user's scope. A user
// who may not open the table is refused (403); a key that names no record, or one outside the user's
// stores, is not found (404) alike, so the answer never tells that an unseen store exists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';
import type { Row } from '../resources/resource-def.ts';
import { reachableRow } from '../table-api/query/reachable-row.ts';
import { tableRefusal } from '../table-screen/table-access.ts';
import { tableOf, type DetailOf } from './detail-tables.ts';

/** The key in a detail page's URL: a whole number, which the table's key column is (checked by the route's schema). */
export const keyParams = {
  type: 'object',
  properties: { key: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  required: ['key'],
} as const;

/** The record for the signed-in user, or the refusal, sent. */
export async function openRecord(
  req: FastifyRequest,
  reply: FastifyReply,
  of: DetailOf,
  key: number,
): Promise<{ row: Row } | { refused: FastifyReply }> {
  const refused = await tableRefusal(req, reply, tableOf(of));
  if (refused) return { refused };
  const row = await reachableRow(req.server.db.pool, of.def, req.signedInUser(), 'list', key);
  if (!row) return { refused: await sendError(req, reply, 404, msg('detailNotFound')) };
  return { row };
}
