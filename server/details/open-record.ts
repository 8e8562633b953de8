// What every detail page checks before it shows a record: the same access as its table (the definition's
// `list` rule and the table screen's menu rule), then the record by key within the user's scope. A user
// who may not open the table is refused (403); a key that names no record, or one outside the user's
// stores, is not found (404) alike, so the answer never tells that an unseen store exists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../common/messages.ts';
import { allows } from '../../common/roles.ts';
import { sendError } from '../plugins/errors.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { accessForPath, loadMenuRows } from '../shell/menu.ts';
import type { Row } from '../table-api/list/list.ts';
import { reachableRow } from '../table-api/query/reachable-row.ts';

/** A detail page's table: its resource and its screen's path (whose menu entry says who may open it). */
export interface DetailOf {
  def: ResourceDef;
  pagePath: string;
}

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
  const user = req.signedInUser();
  const menuRule = accessForPath(await loadMenuRows(req.server.db.pool), of.pagePath);
  if (!allows(user, of.def.access.list) || !allows(user, menuRule)) return { refused: await sendError(req, reply, 403, msg('forbidden')) };
  const row = await reachableRow(req.server.db.pool, of.def, user, 'list', key);
  if (!row) return { refused: await sendError(req, reply, 404, msg('detailNotFound')) };
  return { row };
}
