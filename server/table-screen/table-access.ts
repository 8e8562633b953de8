// Who may open a table screen and the pages under it (its rows' detail pages): whoever passes the
// definition's list rule and the screen's menu rule, so the page, its details and the table API agree on
// who sees the rows. A page hidden from the menu is refused (403), not just hidden.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import type { ActionAccess } from '../../common/resources/types.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';
import { sendError } from '../plugins/errors.ts';
import { accessForPath, loadMenuRows, type MenuRow } from '../shell/menu.ts';

/** A table as its access rule sees it: its list rule and its screen's path. */
export interface TableScreen {
  access: { list: ActionAccess };
  screen: string;
}

export function opensTable(user: CurrentUser, table: TableScreen, menu: ReadonlyArray<MenuRow>): boolean {
  return allows(user, table.access.list) && allows(user, accessForPath(menu, table.screen));
}

/** The refusal, sent, or undefined when the signed-in user may open the table's screen and its details. */
export async function tableRefusal(req: FastifyRequest, reply: FastifyReply, table: TableScreen): Promise<FastifyReply | undefined> {
  const menu = await loadMenuRows(req.server.db.pool);
  return opensTable(req.signedInUser(), table, menu) ? undefined : sendError(req, reply, 403, msg('forbidden'));
}
